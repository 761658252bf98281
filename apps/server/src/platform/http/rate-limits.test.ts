import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn } from '../../../test/helpers/factories';
import { createDevice, deviceAuth, type TestDevice } from '../../../test/helpers/devices';

/** Small limits so a test reaches them; the defaults are in config.ts (decision 018). */
const LIMITS = {
  anonymousCalls: 3,
  login: 2,
  registration: 2,
  passwordReset: 2,
  deviceAuthFailures: 2,
  salesChecks: 2,
  storeWrites: 2,
  cardCalls: { perUser: 3, perAddress: 5 },
  heavyWorkPerUser: 2,
};

const expectTooMany = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/\w/) } });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};

describe('rate limits on calls that work without a session (decision 018)', () => {
  let t: TestApp;
  // Each test calls from an address of its own: the limits count per client address.
  let nextAddress = 1;
  const newAddress = () => `198.51.100.${nextAddress++}`;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: LIMITS } });
  });
  afterAll(() => t.close());

  const call = (
    remoteAddress: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, remoteAddress, headers, ...(payload && { payload }) });

  it('limits sign-in attempts per address, even with a session, and another address is not affected', async () => {
    const address = newAddress();
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const attempt = (from: string) =>
      call(
        from,
        'POST',
        '/LoginGateway.php',
        { username: user.email_address, password: 'nope' },
        bearer(token),
      );
    for (let i = 0; i < LIMITS.login; i++)
      expect((await attempt(address)).statusCode).not.toBe(429);
    expectTooMany(await attempt(address));
    expect((await attempt(newAddress())).statusCode).not.toBe(429);
  });

  it('limits registration per address', async () => {
    const address = newAddress();
    const register = () =>
      call(address, 'POST', '/RegistrationGateway.php', { EmailAddress: 'not an address' });
    for (let i = 0; i < LIMITS.registration; i++) expect((await register()).statusCode).toBe(400);
    expectTooMany(await register());
  });

  it('limits password reset requests and resets per address', async () => {
    const address = newAddress();
    const initiate = () =>
      call(address, 'POST', '/api/authorization/passwordreset/initiate', {
        EmailAddress: 'someone@example.com',
        TenantId: 2,
      });
    for (let i = 0; i < LIMITS.passwordReset; i++) expect((await initiate()).statusCode).toBe(200);
    expectTooMany(await initiate());

    const reset = () =>
      call(address, 'POST', '/api/users/1/password/reset', {
        Expires: 1,
        RequestToken: 'guess',
        NewPassword: 'a long new secret',
      });
    for (let i = 0; i < LIMITS.passwordReset; i++) expect((await reset()).statusCode).not.toBe(429);
    expectTooMany(await reset());
  });

  it('limits the brands and any other API call without a session, unknown calls included', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.anonymousCalls; i++)
      expect((await call(address, 'GET', '/api/brands')).statusCode).toBe(200);
    expectTooMany(await call(address, 'GET', '/api/brands'));
    expectTooMany(await call(address, 'GET', '/api/no-such-call'));
  });

  it('does not limit a caller with a session by the anonymous limit', async () => {
    const address = newAddress();
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    for (let i = 0; i < LIMITS.anonymousCalls + 2; i++) {
      const response = await call(
        address,
        'GET',
        `/api/users/${user.id}`,
        undefined,
        bearer(token),
      );
      expect(response.statusCode).toBe(200);
    }
  });

  describe('device protocol sign-in failures', () => {
    let unit: TestDevice;
    beforeAll(async () => {
      unit = await createDevice(t.ctx);
    });
    const report = (address: string, key: string) =>
      call(
        address,
        'POST',
        '/device-api/v1/reports',
        { Reports: [] },
        deviceAuth({ imei: unit.imei, key }),
      );

    it('counts only failures: a unit signing in is never limited', async () => {
      const address = newAddress();
      for (let i = 0; i < LIMITS.deviceAuthFailures + 3; i++)
        expect((await report(address, unit.key)).statusCode).toBe(200);
    });

    it('refuses an address past its failures with 429, before any look-up, the right key too', async () => {
      const address = newAddress();
      for (let i = 0; i < LIMITS.deviceAuthFailures; i++)
        expect((await report(address, 'wrong')).statusCode).toBe(401);
      expectTooMany(await report(address, 'wrong'));
      expectTooMany(await report(address, unit.key));
      expect((await report(newAddress(), unit.key)).statusCode).toBe(200);
    });
  });
});

describe('calls that send a card to the processor (issue #22 finding 6, card testing)', () => {
  let t: TestApp;
  let nextAddress = 1;
  const newAddress = () => `192.0.2.${nextAddress++}`;
  beforeAll(async () => {
    // Sign-in is not what is limited here.
    t = await createTestApp({ config: { rateLimits: { ...LIMITS, login: 1000 } } });
  });
  afterAll(() => t.close());

  const validate = (token: string, userId: number, remoteAddress: string, nonce: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/validatecard',
      remoteAddress,
      headers: bearer(token),
      payload: { UserId: userId, PaymentNonce: nonce },
    });
  const NONCES = ['fake-valid-visa-nonce', 'fake-processor-declined-visa-nonce'];

  it('limits one signed-in user, valid and declined cards alternating, whatever address they use', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    for (let i = 0; i < LIMITS.cardCalls.perUser; i++)
      expect((await validate(token, user.id, newAddress(), NONCES[i % 2]!)).statusCode).not.toBe(
        429,
      );
    const refused = await validate(token, user.id, newAddress(), NONCES[0]!);
    expectTooMany(refused);
    expect(refused.json().error.message).toBe(
      'Too many card attempts. Please wait a few minutes and try again.',
    );
  });

  it('limits one address across users, and counts no request refused as malformed', async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) {
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/validatecard',
        remoteAddress: address,
        headers: bearer(await signIn(t.app, await createUser(t.ctx))),
        payload: { PaymentNonce: 42 },
      });
      expect(malformed.statusCode).toBe(400);
    }
    for (let i = 0; i < LIMITS.cardCalls.perAddress; i++) {
      const user = await createUser(t.ctx);
      const answer = await validate(await signIn(t.app, user), user.id, address, NONCES[0]!);
      expect(answer.statusCode).toBe(200);
    }
    const user = await createUser(t.ctx);
    expectTooMany(await validate(await signIn(t.app, user), user.id, address, NONCES[0]!));
  });
});
