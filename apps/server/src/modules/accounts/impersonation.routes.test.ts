import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';

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

  it('records the real staff member when a new impersonation starts from inside one', async () => {
    // Staff rights come from the staff member behind the session, never from the customer.
    const asCustomer = (await impersonate(customer.id, staffToken)).json().AccessToken as string;
    const other = await createUser(t.ctx);
    const response = await impersonate(other.id, asCustomer);
    expect(response.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('access_tokens')
      .select('impersonator_id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.impersonator_id).toBe(staff.id);
  });

  it('answers 400, not 500, for a user id that is not a number', async () => {
    for (const bad of ['abc', '1.5', '-3', '99999999999']) {
      const response = await impersonate(bad, staffToken);
      expect(response.statusCode).toBe(400);
    }
  });
});
