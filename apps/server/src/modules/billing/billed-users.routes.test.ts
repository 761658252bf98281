import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/helpers/factories';
import {
  createSubscriber,
  planId,
  subscribe,
  subscriptionRequest,
  unitOf,
} from '../../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => t.close());

describe('GET /api/users/checkBillingUser', () => {
  it('answers 0 for a regular user and the billing type for a billed one (accounts-devices-billing §6)', async () => {
    const regular = await createSubscriber(t);
    const billed = await createSubscriber(t, { billingType: 1, apContact: 'ap@example.com' });
    const check = (s: typeof regular) =>
      injectAs(t.app, s.token, 'GET', `/api/users/checkBillingUser?userId=${s.user.id}`);
    expect((await check(regular)).json()).toBe(0);
    expect((await check(billed)).json()).toBe(1);
    const other = await injectAs(
      t.app,
      regular.token,
      'GET',
      `/api/users/checkBillingUser?userId=${billed.user.id}`,
    );
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/users/checkAPContact', () => {
  it('answers whether the user has an AP contact, and whether it is the address given (accounts-devices-billing §5)', async () => {
    const billed = await createSubscriber(t, { billingType: 1, apContact: 'ap@example.com' });
    const none = await createSubscriber(t, { billingType: 1 });
    const ask = (token: string, userId: number, email?: string) =>
      injectAs(
        t.app,
        token,
        'GET',
        `/api/users/checkAPContact?userId=${userId}${email ? `&emailAddress=${email}` : ''}`,
      );
    expect((await ask(billed.token, billed.user.id)).json()).toBe(true);
    expect((await ask(billed.token, billed.user.id, 'AP@example.com')).json()).toBe(true);
    expect((await ask(billed.token, billed.user.id, 'someone@example.com')).json()).toBe(false);
    expect((await ask(none.token, none.user.id)).json()).toBe(false);
    expect((await ask(none.token, billed.user.id)).statusCode).toBe(403);
  });
});

describe('customer id', () => {
  it('answers the customer id the first card subscription kept', async () => {
    const s = await createSubscriber(t);
    const get = () =>
      injectAs(t.app, s.token, 'GET', `/api/users/getCustomerId?userId=${s.user.id}`);
    expect((await get()).json()).toEqual({ CustomerId: null });
    await subscribe(t, s);
    expect((await get()).json()).toEqual({ CustomerId: expect.any(String) });
  });

  it("sets the caller's own, refuses someone else's (403) and one another user holds (409)", async () => {
    const s = await createSubscriber(t);
    const other = await createSubscriber(t);
    const set = (token: string, UserId: number, CustomerId: string) =>
      injectAs(t.app, token, 'PUT', '/api/users/setCustomerId', { UserId, CustomerId });
    expect((await set(s.token, s.user.id, 'cust-own')).json()).toEqual({ CustomerId: 'cust-own' });
    expect((await set(other.token, s.user.id, 'cust-theirs')).statusCode).toBe(403);
    expect((await set(other.token, other.user.id, 'cust-own')).statusCode).toBe(409);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe('cust-own');
  });
});

describe('billable subscriptions', () => {
  it('answers null from the invoiced check for a card subscription, and 404 from the billable lookup (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    const check = await injectAs(
      t.app,
      s.token,
      'GET',
      `/api/subscriptions/checkIfInvoicedSubscription/?subscriptionId=${id}`,
    );
    expect(check.json()).toEqual({ NextBillingDate: null });
    const lookup = await injectAs(
      t.app,
      s.token,
      'GET',
      `/api/subscriptions/getBillableSubscription/?subscriptionId=${id}`,
    );
    expect(lookup.statusCode).toBe(404);
  });

  it("refuses another user's invoice subscription (403)", async () => {
    const billed = await createSubscriber(t, { billingType: 1, apContact: 'ap@example.com' });
    const other = await createSubscriber(t);
    const unit = await unitOf(t.ctx, billed.user.id, 7);
    const plan = { Id: await planId(t.ctx, 6, 'Annual'), PlanType: 'Annual' };
    const saved = await injectAs(
      t.app,
      billed.token,
      'POST',
      '/api/subscriptions',
      subscriptionRequest(billed, unit, plan, null),
    );
    expect(saved.statusCode).toBe(200);
    const id = saved.json<{ Id: number }>().Id;
    for (const path of ['getBillableSubscription', 'checkIfInvoicedSubscription']) {
      const response = await injectAs(
        t.app,
        other.token,
        'GET',
        `/api/subscriptions/${path}/?subscriptionId=${id}`,
      );
      expect(response.statusCode).toBe(403);
    }
  });
});
