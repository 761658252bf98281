import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  bearer,
  createUser,
  injectAs,
  signIn,
  type TestUser,
} from '../../../test/helpers/factories';

describe('GET /api/authorization/impersonate/{userId}', () => {
  let t: TestApp;
  let customer: TestUser;
  let staff: TestUser;
  let otherStaff: TestUser;
  let staffToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await createUser(t.ctx, { email: 'customer@example.com' });
    staff = await createUser(t.ctx, { roles: [ROLE_STAFF] });
    otherStaff = await createUser(t.ctx, { roles: [ROLE_STAFF] });
    staffToken = await signIn(t.app, staff);
  });
  afterAll(() => t.close());

  const impersonate = (userId: number | string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/authorization/impersonate/${userId}`,
      ...(token && { headers: bearer(token) }),
    });

  it('lets staff act as a customer with a 1-hour session (accounts-devices-billing §6)', async () => {
    const response = await impersonate(customer.id, staffToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ Id: customer.id, EmailAddress: 'customer@example.com' });
    expect(Date.parse(body.AccessTokenExpires) - t.ctx.now().getTime()).toBe(60 * 60 * 1000);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${customer.id}`,
      headers: bearer(body.AccessToken),
    });
    expect(me.json().Id).toBe(customer.id);
  });

  it('records the staff member behind the session', async () => {
    const body = (await impersonate(customer.id, staffToken)).json();
    const row = await t.ctx.db
      .selectFrom('access_tokens')
      .select(['source', 'impersonator_id', 'user_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(body.Id).toBe(customer.id);
    expect(row).toEqual({
      source: 'impersonation',
      impersonator_id: staff.id,
      user_id: customer.id,
    });
  });

  it('answers 403 to a customer who is not staff (accounts-devices-billing §6)', async () => {
    const customerToken = await signIn(t.app, customer);
    const other = await createUser(t.ctx);
    const response = await impersonate(other.id, customerToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Only staff may do this.');
  });

  it('answers 401 without a token', async () => {
    expect((await impersonate(customer.id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await impersonate(999_999, staffToken);
    expect(response.statusCode).toBe(404);
  });

  it('answers 403 when the target is another staff member', async () => {
    const response = await impersonate(otherStaff.id, staffToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Staff accounts cannot be impersonated.');
  });

  it('answers 400, not 500, for a user id that is not a number', async () => {
    for (const bad of ['abc', '1.5', '-3', '99999999999']) {
      const response = await impersonate(bad, staffToken);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('an impersonation carries the customer’s powers only (issue #22 finding 1)', () => {
  let t: TestApp;
  let staff: TestUser;
  let customerA: TestUser;
  let customerB: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createUser(t.ctx, { roles: [ROLE_STAFF] });
    customerA = await createUser(t.ctx);
    customerB = await createUser(t.ctx);
  });
  afterAll(() => t.close());

  const impersonate = async (userId: number, token: string) =>
    injectAs(t.app, token, 'GET', `/api/authorization/impersonate/${userId}`);
  const actAs = async (userId: number, staffToken: string) =>
    (await impersonate(userId, staffToken)).json<{ AccessToken: string }>().AccessToken;
  const isLive = async (token: string) =>
    (await injectAs(t.app, token, 'GET', `/api/users/${customerB.id}`)).statusCode !== 401;
  const auditOf = (userId: number) =>
    t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'user_id', 'actor_id', 'detail'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('reaches no staff call: neither the staff search nor another impersonation (accounts-devices-billing §6)', async () => {
    const asB = await actAs(customerB.id, await signIn(t.app, staff));
    const search = await injectAs(t.app, asB, 'GET', '/api/staff/users?search=example');
    expect(search.statusCode).toBe(403);
    const again = await impersonate(customerA.id, asB);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('Only staff may do this.');
    // No new session was opened for A.
    const forA = await t.ctx.db
      .selectFrom('access_tokens')
      .select('id')
      .where('user_id', '=', customerA.id)
      .execute();
    expect(forA).toEqual([]);
  });

  it('ends when the staff member signs out, and the audit log says who acted as whom and when', async () => {
    const staffToken = await signIn(t.app, staff);
    const asB = await actAs(customerB.id, staffToken);
    expect(await isLive(asB)).toBe(true);
    await injectAs(t.app, staffToken, 'POST', '/api/authorization/logout');
    expect(await isLive(asB)).toBe(false);
    const events = await auditOf(customerB.id);
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({ action: 'impersonation.start', actor_id: staff.id }),
      {
        action: 'impersonation.end',
        user_id: customerB.id,
        actor_id: staff.id,
        detail: { reason: 'sign-out' },
      },
    ]);
  });

  it('ends when the staff member’s password changes from another session', async () => {
    const staffToken = await signIn(t.app, staff);
    const asB = await actAs(customerB.id, staffToken);
    const otherStaffSession = await signIn(t.app, staff);
    const change = await injectAs(
      t.app,
      otherStaffSession,
      'PUT',
      `/api/users/${staff.id}/password`,
      {
        CurrentPassword: staff.password,
        NewPassword: `${staff.password}-2`,
      },
    );
    expect(change.statusCode, change.body).toBe(200);
    staff.password = `${staff.password}-2`;
    expect(await isLive(asB)).toBe(false);
    expect((await auditOf(customerB.id)).at(-1)).toMatchObject({
      action: 'impersonation.end',
      detail: { reason: 'password-change' },
    });
  });

  it('never outlives the staff session: it expires with it when that ends within the hour', async () => {
    const staffToken = await signIn(t.app, staff);
    t.advanceTime((8 * 60 - 20) * 60 * 1000); // 20 minutes of the staff member's 8 hours left
    const answer = (await impersonate(customerB.id, staffToken)).json<{
      AccessToken: string;
      AccessTokenExpires: string;
    }>();
    const staffExpiry = await t.ctx.db
      .selectFrom('access_tokens')
      .select('expires_at')
      .where('source', '=', 'web')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(answer.AccessTokenExpires)).toBe(staffExpiry.expires_at.getTime());
    t.advanceTime(21 * 60 * 1000);
    expect(await isLive(answer.AccessToken)).toBe(false);
  });

  it('records the return to the staff tools as the end of the impersonation (decision 023)', async () => {
    const staffToken = await signIn(t.app, staff);
    const asB = await actAs(customerB.id, staffToken);
    await injectAs(t.app, asB, 'POST', '/api/authorization/logout');
    expect(await isLive(asB)).toBe(false);
    expect(await isLive(staffToken)).toBe(true);
    expect((await auditOf(customerB.id)).at(-1)).toMatchObject({
      action: 'impersonation.end',
      actor_id: staff.id,
      detail: { reason: 'return' },
    });
  });
});
