import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_REFUSE_AFTER,
  LOGIN_SLOW_AFTER,
} from '@monitor/domain/accounts/login-throttle';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, type TestUser } from '../../../test/helpers/factories';

const TOO_MANY = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

describe('login throttling (issue #2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (
    user: { email: string; password: string },
    ip: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      remoteAddress: ip,
      headers,
      payload: { username: user.email, password: user.password },
    });
  const addressFailures = (prefix: string) =>
    t.ctx.db
      .selectFrom('login_failures')
      .select(['key', 'failures'])
      .where('key', 'like', `address:${prefix}%`)
      .orderBy('key')
      .execute();
  const wrong = (user: TestUser) => ({ email: user.email_address, password: 'wrong guess' });
  const right = (user: TestUser) => ({ email: user.email_address, password: user.password });

  it('slows answers after repeated failures on one account', async () => {
    const user = await createUser(t.ctx);
    t.sleeps.length = 0;
    for (let i = 0; i < LOGIN_SLOW_AFTER; i += 1) await attempt(wrong(user), `10.1.0.${i}`);
    expect(t.sleeps).toEqual([]);
    const response = await attempt(wrong(user), '10.1.0.99');
    expect(response.statusCode).toBe(401);
    expect(t.sleeps).toEqual([250]);
  });

  it('says in the 401 whether further attempts are slowed, from the failures of every device (issue #24)', async () => {
    const user = await createUser(t.ctx);
    const isSlowedAfter = async (ip: string) => {
      const response = await attempt(wrong(user), ip);
      expect(response.statusCode).toBe(401);
      return response.json().error.isSlowed;
    };
    // Each failure from another address: only the account counts, as another tab or device would.
    const answers = [];
    for (let i = 1; i <= LOGIN_SLOW_AFTER; i += 1)
      answers.push(await isSlowedAfter(`10.10.0.${i}`));
    expect(answers).toEqual([false, false, true]);
    expect((await attempt(wrong(user), '10.10.1.1')).json()).toEqual({
      error: { code: 401, message: 'Invalid username or password.', isSlowed: true },
    });
    // Once the window has passed the count starts over, and the answer says so.
    t.advanceTime(LOGIN_FAILURE_WINDOW_MS);
    expect(await isSlowedAfter('10.10.2.1')).toBe(false);
  });

  it('says slowed for a fresh account tried from an address that failed often (issue #24)', async () => {
    const ip = '10.11.0.1';
    for (let i = 0; i < LOGIN_SLOW_AFTER - 1; i += 1)
      await attempt(wrong(await createUser(t.ctx)), ip);
    const response = await attempt(wrong(await createUser(t.ctx)), ip);
    expect(response.json().error.isSlowed).toBe(true);
  });

  it('refuses the account with 429 and Retry-After once too many attempts failed, even with the right password', async () => {
    const user = await createUser(t.ctx);
    // Each guess from a different address: only the account key reaches the limit.
    for (let i = 0; i < LOGIN_REFUSE_AFTER; i += 1) {
      expect((await attempt(wrong(user), `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const response = await attempt(right(user), '10.2.1.1');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: { code: 429, message: TOO_MANY } });
    expect(Number(response.headers['retry-after'])).toBe(LOGIN_FAILURE_WINDOW_MS / 1000);
  });

  it('lets the real owner sign in again once the window has passed', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < LOGIN_REFUSE_AFTER; i += 1) await attempt(wrong(user), `10.3.0.${i}`);
    t.advanceTime(LOGIN_FAILURE_WINDOW_MS - 1000);
    const stillRefused = await attempt(right(user), '10.3.1.1');
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('1');
    t.advanceTime(1000);
    expect((await attempt(right(user), '10.3.1.1')).statusCode).toBe(200);
  });

  it('forgets the account failures after a successful sign-in', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < LOGIN_REFUSE_AFTER - 1; i += 1) await attempt(wrong(user), `10.4.0.${i}`);
    expect((await attempt(right(user), '10.4.1.1')).statusCode).toBe(200);
    t.sleeps.length = 0;
    // Had the count been kept, this failure would be the one that locks the account.
    await attempt(wrong(user), '10.4.2.1');
    expect((await attempt(right(user), '10.4.3.1')).statusCode).toBe(200);
    expect(t.sleeps).toEqual([]);
  });

  it('refuses an address that failed on many accounts, also for an account it never tried', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < LOGIN_REFUSE_AFTER; i += 1) {
      const user = await createUser(t.ctx);
      expect((await attempt(wrong(user), ip)).statusCode).toBe(401);
    }
    const fresh = await createUser(t.ctx);
    const response = await attempt(right(fresh), ip);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
    // The same account from another address is not affected.
    expect((await attempt(right(fresh), '10.5.0.2')).statusCode).toBe(200);
  });

  it('throttles guesses at an unknown e-mail like a real account, so refusals reveal nothing', async () => {
    const ip = '10.6.0.1';
    const ghost = { email: 'nobody-here@example.com', password: 'x' };
    for (let i = 0; i < LOGIN_REFUSE_AFTER; i += 1) await attempt(ghost, `10.6.1.${i}`);
    expect((await attempt(ghost, ip)).statusCode).toBe(429);
  });

  it('counts failures against the connection address by default, whatever X-Forwarded-For claims (issue #2)', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < LOGIN_REFUSE_AFTER; i += 1) {
      const user = await createUser(t.ctx);
      const forged = { 'x-forwarded-for': `198.51.100.${i}` };
      expect((await attempt(wrong(user), ip, forged)).statusCode).toBe(401);
    }
    expect(await addressFailures('198.51.100.')).toEqual([]);
    expect(await addressFailures(ip)).toEqual([
      { key: `address:${ip}`, failures: LOGIN_REFUSE_AFTER },
    ]);
    const fresh = await createUser(t.ctx);
    const response = await attempt(right(fresh), ip, { 'x-forwarded-for': '198.51.100.250' });
    expect(response.statusCode).toBe(429);
  });

  it('records no failure for a request that is refused for its body', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < LOGIN_REFUSE_AFTER + 2; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/LoginGateway.php',
        remoteAddress: '10.7.0.1',
        payload: { username: user.email_address },
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await attempt(right(user), '10.7.0.1')).statusCode).toBe(200);
  });
});

describe('login throttling behind a trusted proxy (TRUST_PROXY, issue #2)', () => {
  const PROXY = '10.9.0.1';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: [PROXY] } });
  });
  afterAll(() => t.close());

  const failWrong = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: 'nobody@example.com', password: 'wrong guess' },
    });
  const addressKeys = async () =>
    (
      await t.ctx.db
        .selectFrom('login_failures')
        .select('key')
        .where('key', 'like', 'address:%')
        .orderBy('key')
        .execute()
    ).map((row) => row.key);

  it('counts the client address the trusted proxy forwards, and the peer address of anyone else', async () => {
    expect((await failWrong(PROXY, '198.51.100.7')).statusCode).toBe(401);
    expect((await failWrong('10.9.0.2', '198.51.100.8')).statusCode).toBe(401);
    expect(await addressKeys()).toEqual(['address:10.9.0.2', 'address:198.51.100.7']);
  });
});
