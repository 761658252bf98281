import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('session lifetimes', () => {
  let t: TestApp;
  let owner: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    staff = await createUser(t.ctx, { roles: [ROLE_STAFF] });
  });
  afterAll(() => t.close());

  const readSelf = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${owner.id}`, headers: bearer(token) });

  it('keeps a web session for 8 hours and answers 401 after (accounts-devices-billing §9)', async () => {
    const token = await signIn(t.app, owner);
    t.advanceTime(8 * HOUR - 1);
    expect((await readSelf(token)).statusCode).toBe(200);
    t.advanceTime(1);
    const response = await readSelf(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe(401);
  });

  it('keeps a mobile-app session for 29 days and answers 401 after (accounts-devices-billing §9)', async () => {
    const token = await signIn(t.app, owner, 'mobileapp');
    t.advanceTime(29 * DAY - 1);
    expect((await readSelf(token)).statusCode).toBe(200);
    t.advanceTime(1);
    expect((await readSelf(token)).statusCode).toBe(401);
  });

  it('takes source=mobileapp from the query string too (accounts-devices-billing §2)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php?source=mobileapp',
      payload: { username: owner.email_address, password: owner.password },
    });
    const expires = Date.parse(response.json().AccessTokenExpires);
    expect(expires - t.ctx.now().getTime()).toBe(29 * DAY);
  });

  it('keeps an impersonation session for 1 hour and answers 401 after (accounts-devices-billing §6)', async () => {
    const staffToken = await signIn(t.app, staff);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/authorization/impersonate/${owner.id}`,
      headers: bearer(staffToken),
    });
    const token = response.json().AccessToken as string;
    t.advanceTime(HOUR - 1);
    expect((await readSelf(token)).statusCode).toBe(200);
    t.advanceTime(1);
    expect((await readSelf(token)).statusCode).toBe(401);
    // The staff member's own web session is untouched by the impersonation ending.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/${staff.id}`,
          headers: bearer(staffToken),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('accepts the token as the access_token query parameter the spec clients send (accounts-devices-billing §7)', async () => {
    const token = await signIn(t.app, owner);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}?access_token=${token}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 for an unknown token', async () => {
    expect((await readSelf('not-a-real-token')).statusCode).toBe(401);
  });
});

describe('POST /api/authorization/logout', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
  });
  afterAll(() => t.close());

  it('revokes the calling token so the next call answers 401 (accounts-devices-billing §4)', async () => {
    const token = await signIn(t.app, owner);
    const other = await signIn(t.app, owner);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/logout',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
    // Only the calling session ends; the same user signed in elsewhere stays signed in.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: bearer(other),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/authorization/logout' });
    expect(response.statusCode).toBe(401);
  });
});
