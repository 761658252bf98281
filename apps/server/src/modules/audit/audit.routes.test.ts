import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import type { AuditEventsPage } from '@monitor/contract/audit-events';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { insertAuditEvents } from './audit.repository';

describe('GET /api/users/{userId}/auditevents: the account activity on /account (issue #22)', () => {
  let t: TestApp;
  let staff: TestUser;
  let customer: TestUser;
  let customerToken: string;
  let staffToken: string;
  let sub: TestUser;
  let userDeviceId: number;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-27T15:00:00Z') });
    staff = await createUser(t.ctx, { roles: [ROLE_STAFF] });
    customer = await createUser(t.ctx);
    sub = await createUser(t.ctx, { parentId: customer.id });
    const device = await createDevice(t.ctx);
    userDeviceId = await registerUserDevice(t.ctx, { userId: customer.id, deviceId: device.id });
    await t.ctx.db
      .updateTable('user_devices')
      .set({ name: 'Kitchen' })
      .where('id', '=', userDeviceId)
      .execute();
    staffToken = await signIn(t.app, staff);
    // Staff open the customer's account and leave it; then the customer changes their password.
    const asCustomer = (
      await injectAs(t.app, staffToken, 'GET', `/api/authorization/impersonate/${customer.id}`)
    ).json<{ AccessToken: string }>().AccessToken;
    t.advanceTime(60_000);
    await injectAs(t.app, asCustomer, 'POST', '/api/authorization/logout');
    t.advanceTime(60_000);
    customerToken = await signIn(t.app, customer);
    await injectAs(t.app, customerToken, 'PUT', `/api/users/${customer.id}/password`, {
      CurrentPassword: customer.password,
      NewPassword: 'a new password 1',
    });
    customer.password = 'a new password 1';
    customerToken = await signIn(t.app, customer);
    t.advanceTime(60_000);
    await insertAuditEvents(t.ctx.db, [
      {
        action: 'entitlement.instant-updates',
        userId: customer.id,
        actorId: customer.id,
        detail: { count: 5, userDeviceId, orderId: 1, orderNumber: '1001' },
        at: t.ctx.now(),
      },
      {
        action: 'billing.refund',
        userId: customer.id,
        actorId: null,
        detail: { chargeId: 1, refundId: 2, amountCents: 1475 },
        at: t.ctx.now(),
      },
    ]);
  });
  afterAll(() => t.close());

  const read = (token: string | null, userId: number, query = '') =>
    injectAs(t.app, token, 'GET', `/api/users/${userId}/auditevents${query}`);

  it('answers the account’s own entries newest first, in words, with customer service named as such', async () => {
    const response = await read(customerToken, customer.id);
    expect(response.statusCode).toBe(200);
    const page = response.json<AuditEventsPage>();
    expect(page.NextBefore).toBeNull();
    expect(
      page.Events.map(({ Action, Description, Actor }) => ({ Action, Description, Actor })),
    ).toEqual([
      {
        Action: 'billing.refund',
        Description: '$14.75 was refunded.',
        Actor: 'customer service',
      },
      {
        Action: 'entitlement.instant-updates',
        Description: '5 instant updates were added to your device Kitchen (order 1001).',
        Actor: null,
      },
      {
        Action: 'account.password-change',
        Description: 'Your password was changed.',
        Actor: null,
      },
      {
        Action: 'impersonation.end',
        Description: 'Customer service left your account.',
        Actor: 'customer service',
      },
      {
        Action: 'impersonation.start',
        Description: 'Customer service opened your account to help you.',
        Actor: 'customer service',
      },
    ]);
    expect(page.Events.at(-1)?.OccurredAt).toBe('2026-11-27T15:00:00.000Z');
    // Never who the staff member was.
    expect(response.body).not.toContain(staff.email_address);
  });

  it('answers a staff member acting as the customer the customer’s entries, and their own session none of them', async () => {
    const asCustomer = (
      await injectAs(t.app, staffToken, 'GET', `/api/authorization/impersonate/${customer.id}`)
    ).json<{ AccessToken: string }>().AccessToken;
    const impersonated = await read(asCustomer, customer.id);
    expect(impersonated.statusCode).toBe(200);
    expect(impersonated.json<AuditEventsPage>().Events[0]?.Action).toBe('impersonation.start');
    // The staff member's own account: what they did to others is not about it.
    const own = await read(staffToken, staff.id);
    expect(own.statusCode).toBe(200);
    expect(own.json<AuditEventsPage>().Events).toEqual([]);
  });

  it('shows a sub-account its own entries only, never its parent’s', async () => {
    const subToken = await signIn(t.app, sub);
    const response = await read(subToken, sub.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<AuditEventsPage>().Events).toEqual([]);
    expect((await read(subToken, customer.id)).statusCode).toBe(403);
  });

  it('refuses a caller without a session (401) and another user’s account, staff too (403)', async () => {
    expect((await read(null, customer.id)).statusCode).toBe(401);
    const stranger = await signIn(t.app, await createUser(t.ctx));
    const refused = await read(stranger, customer.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('refunded');
    expect((await read(staffToken, customer.id)).statusCode).toBe(403);
  });

  it('pages 50 at a time, older entries before the last one answered', async () => {
    const busy = await createUser(t.ctx);
    const token = await signIn(t.app, busy);
    await insertAuditEvents(
      t.ctx.db,
      Array.from({ length: 52 }, (_, index) => ({
        action: 'account.password-change' as const,
        userId: busy.id,
        actorId: busy.id,
        at: new Date(Date.UTC(2026, 10, 1, 0, index)),
      })),
    );
    const first = (await read(token, busy.id)).json<AuditEventsPage>();
    expect(first.Events).toHaveLength(50);
    expect(first.Events[0]?.OccurredAt).toBe('2026-11-01T00:51:00.000Z');
    expect(first.NextBefore).toBe(first.Events.at(-1)?.Id);
    const second = (
      await read(token, busy.id, `?before=${first.NextBefore}`)
    ).json<AuditEventsPage>();
    expect(second.Events.map((event) => event.OccurredAt)).toEqual([
      '2026-11-01T00:01:00.000Z',
      '2026-11-01T00:00:00.000Z',
    ]);
    expect(second.NextBefore).toBeNull();
    // Another account's entry as the cursor answers nothing of either account.
    const foreign = (
      await read(customerToken, customer.id, `?before=${first.NextBefore}`)
    ).json<AuditEventsPage>();
    expect(foreign.Events).toEqual([]);
    expect((await read(token, busy.id, '?before=abc')).statusCode).toBe(400);
  });
});
