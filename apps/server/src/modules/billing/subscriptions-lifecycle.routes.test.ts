import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Updateable } from 'kysely';
import { createUser, impersonate, injectAs, signIn } from '../../../test/helpers/factories';
import {
  chargesOf,
  createSubscriber,
  planId,
  subscribe,
  subscriptionRow,
  vaultedCardCount,
  type Subscriber,
} from '../../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { SubscriptionsTable } from '../../platform/database/schema';

// 2026-11-22 12:00 UTC is 07:00 on 22 November in New York, the billing day.
const TODAY = '2026-11-22';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => t.close());

const view = (s: Subscriber, id: number) =>
  injectAs(t.app, s.token, 'GET', `/api/paymentprocessing/getSubscription/?subscriptionId=${id}`);
const setRow = (id: number, values: Updateable<SubscriptionsTable>) =>
  t.ctx.db.updateTable('subscriptions').set(values).where('id', '=', id).execute();
/** Moves the subscription's paid period back, as if it had paid October 10 to November 9. */
const paidSinceOctober = (id: number) =>
  t.ctx.db
    .updateTable('charges')
    .set({ period_start: '2026-10-10', period_end: '2026-11-09', charge_key: `moved-${id}` })
    .where('subscription_id', '=', id)
    .execute();
/** The audit log's entries of a user, oldest first. */
const auditOf = (userId: number) =>
  t.ctx.db
    .selectFrom('audit_events')
    .select(['action', 'user_id', 'actor_id', 'detail'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const change = (s: Subscriber, id: number, planType: string, extra: object = {}) =>
  planId(t.ctx, 2, planType as 'Monthly').then((Id) =>
    injectAs(t.app, s.token, 'PUT', `/api/subscriptions/${id}`, {
      billingPlan: { Id, PlanType: planType },
      ...extra,
    }),
  );

describe('GET /api/paymentprocessing/getSubscription/', () => {
  it('answers the management view; the card shows only its type, last 4 and expiry (accounts-devices-billing §3)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    const response = await view(s, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Id: id,
      UserId: s.user.id,
      Active: true,
      Pending: false,
      Status: 'Active',
      // Paid through the day before the next billing date (the billing run's charge).
      ExpirationDate: '2026-12-22',
      NextBillingDate: '2026-12-22',
      PaymentStartDate: TODAY,
      SubscriptionType: 'Monthly',
      PaymentCard: {
        Type: 'Visa',
        Last4: '1111',
        ExpirationMonth: expect.any(Number),
        ExpirationYear: expect.any(Number),
      },
    });
    expect(Object.keys(response.json<{ PaymentCard: object }>().PaymentCard).sort()).toEqual([
      'ExpirationMonth',
      'ExpirationYear',
      'Last4',
      'Type',
    ]);
  });

  it("refuses another user's subscription (403) and answers 404 for none", async () => {
    const s = await createSubscriber(t);
    const other = await createSubscriber(t);
    const id = await subscribe(t, s);
    expect((await view(other, id)).statusCode).toBe(403);
    expect((await view(s, 999_999)).statusCode).toBe(404);
    for (const url of [
      `/api/subscriptions/${id}/suspend`,
      `/api/paymentprocessing/${id}/suspendSubscription/`,
    ]) {
      expect((await injectAs(t.app, other.token, 'POST', url)).statusCode).toBe(403);
    }
    expect((await change(other, id, 'Annual')).statusCode).toBe(403);
    expect((await subscriptionRow(t.ctx, id))?.status).toBe('Active');
  });

  it('shows a cancelled profile as CancelledProfile and refuses to change it (accounts-devices-billing §3)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    await setRow(id, { status: 'Cancelled' });
    expect((await view(s, id)).json()).toMatchObject({ Status: 'CancelledProfile', Active: false });
    expect(
      (await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend`)).statusCode,
    ).toBe(400);
  });

  it('shows a pending subscription its own Status (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    await setRow(id, { status: 'Pending' });
    expect((await view(s, id)).json()).toMatchObject({ Pending: true, Status: 'Pending' });
  });
});

describe('suspend', () => {
  it('makes it inactive with expiration = next billing date (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    const response = await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Active: false,
      Status: 'Suspended',
      ExpirationDate: '2026-12-22',
      NextBillingDate: '2026-12-22',
    });
    // No further billing: the billing run charges only subscriptions in force.
    expect((await subscriptionRow(t.ctx, id))?.status).toBe('Suspended');
    const again = await injectAs(
      t.app,
      s.token,
      'POST',
      `/api/paymentprocessing/${id}/suspendSubscription/`,
    );
    expect(again.json()).toMatchObject({ Status: 'Suspended', ExpirationDate: '2026-12-22' });
  });

  it('shows OutOfService once the expiration is today or past (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend`);
    await setRow(id, { expiration_date: TODAY });
    expect((await view(s, id)).json()).toMatchObject({ Status: 'OutOfService' });
  });

  it('shows a suspended billable subscription as SuspendedProfile while its expiration is ahead (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    await t.ctx.db
      .updateTable('users')
      .set({ billing_type: 1 })
      .where('id', '=', s.user.id)
      .execute();
    await setRow(id, { status: 'Suspended', expiration_date: '2026-12-22' });
    expect((await view(s, id)).json()).toMatchObject({ Status: 'SuspendedProfile' });
  });

  it('refuses a sub-account: sub-accounts manage no billing (accounts-devices-billing §6)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    const sub = await createUser(t.ctx, { parentId: s.user.id });
    const token = await signIn(t.app, sub);
    expect(
      (await injectAs(t.app, token, 'POST', `/api/subscriptions/${id}/suspend`)).statusCode,
    ).toBe(403);
  });
});

describe('reactivate', () => {
  it('resumes billing on the next billing date while the expiration is ahead, with a new card when a nonce comes (accounts-devices-billing §4 card-vault variant)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend`);
    const cards = await vaultedCardCount(t.ctx);
    const response = await injectAs(
      t.app,
      s.token,
      'POST',
      `/api/paymentprocessing/${id}/reactivateSubscription/`,
      {
        PaymentNonce: 'fake-valid-mastercard-nonce',
        DeviceData: '{"device_session_id":"abc"}',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Active: true,
      Status: 'Active',
      ExpirationDate: '2026-12-22',
      NextBillingDate: '2026-12-22',
      PaymentCard: { Type: 'MasterCard', Last4: '4444' },
    });
    expect(await chargesOf(t.ctx, s.user.id)).toHaveLength(1);
    // The old card is let go: still one card for the one subscription.
    expect(await vaultedCardCount(t.ctx)).toBe(cards);
  });

  it('starts an expired one anew by the start rules and charges it at once (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    await paidSinceOctober(id);
    await setRow(id, {
      status: 'Suspended',
      expiration_date: '2026-11-01',
      next_billing_date: '2026-11-01',
    });
    const response = await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/reactivate/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Status: 'Active',
      PaymentStartDate: TODAY,
      NextBillingDate: '2026-12-22',
    });
    expect(await chargesOf(t.ctx, s.user.id)).toHaveLength(2);
  });

  it('refuses to restart a seasonal subscription whose season has ended (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Seasonal', { startDate: '2027-01-01' });
    await setRow(id, {
      status: 'Suspended',
      start_date: '2026-01-01',
      end_date: '2026-06-30',
      next_billing_date: '2026-06-30',
      expiration_date: '2026-06-30',
    });
    const response = await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/reactivate`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Your current seasonal period has already ended, so a new start date cannot be set. Please contact customer service.',
    );
  });
});

describe('PUT /api/subscriptions/{Id} and updateSubscription/', () => {
  it('starts a new Annual plan the day after the current end while active (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    const response = await change(s, id, 'Annual');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      SubscriptionType: 'Annual',
      PaymentStartDate: '2026-12-22',
      NextBillingDate: '2026-12-22',
      BillingAmount: '8.25',
      Credit: '0.00',
    });
    expect(await chargesOf(t.ctx, s.user.id)).toHaveLength(1);
  });

  it('starts a new Annual plan today, charged at once, when the current one is not active (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    await paidSinceOctober(id);
    await setRow(id, {
      status: 'Suspended',
      expiration_date: '2026-11-10',
      next_billing_date: '2026-11-10',
    });
    const response = await change(s, id, 'Annual');
    expect(response.json()).toMatchObject({
      PaymentStartDate: TODAY,
      NextBillingDate: '2027-11-22',
      Status: 'Active',
    });
    expect((await chargesOf(t.ctx, s.user.id)).map((c) => c.amount_cents)).toEqual([995, 9900]);
  });

  it('starts a new Monthly plan at the next billing date when it is ahead (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Annual');
    const response = await injectAs(
      t.app,
      s.token,
      'PUT',
      `/api/paymentprocessing/${id}/updateSubscription/`,
      {
        billingPlan: { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' },
      },
    );
    expect(response.json()).toMatchObject({
      PaymentStartDate: '2027-11-22',
      NextBillingDate: '2027-11-22',
    });
  });

  it('refuses to change a seasonal subscription in season (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Seasonal', { startDate: '2026-10-01' });
    const response = await change(s, id, 'Monthly');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'A seasonal subscription cannot be changed while its season is in progress. Please try again after the season ends.',
    );
  });

  it('credits nothing for a season not yet paid, and starts Monthly at the season start (accounts-devices-billing §4, §9)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Seasonal', { startDate: '2027-01-01' });
    const response = await change(s, id, 'Monthly');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Credit: '0.00',
      PaymentStartDate: '2027-01-01',
      NextBillingDate: '2027-01-01',
    });
    expect(await chargesOf(t.ctx, s.user.id)).toEqual([]);
  });

  it('credits the paid days a new period covers off its charge, prorated by days per month (accounts-devices-billing §9, decision 054)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    // As if it had paid November 1 to 30 and been suspended: Annual starts today.
    await t.ctx.db
      .updateTable('charges')
      .set({ period_start: '2026-11-01', period_end: '2026-11-30', charge_key: `nov-${id}` })
      .where('subscription_id', '=', id)
      .execute();
    await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend`);
    const response = await change(s, id, 'Annual');
    expect(response.statusCode).toBe(200);
    // November 22 to 30: 9 of November's 30 days of the $9.95 paid, $2.985.
    expect(response.json()).toMatchObject({
      Credit: '2.99',
      PaymentStartDate: TODAY,
      NextBillingDate: '2027-11-22',
    });
    expect((await chargesOf(t.ctx, s.user.id)).map((c) => c.amount_cents)).toEqual([
      995,
      9900 - 299,
    ]);
    // Those days are credited once: changed again today, nothing more comes back.
    await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend`);
    const again = await change(s, id, 'Monthly');
    expect(again.json()).toMatchObject({ Credit: '0.00' });
  });

  it("keeps the pucks' part of the monthly amount through a plan change (store-and-public-site §7, decision 036)", async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    await setRow(id, { puck_monthly_cents: 300, billing_amount_cents: 995 + 300 });
    const response = await change(s, id, 'Annual');
    expect(response.json()).toMatchObject({ BillingAmount: '11.25', SubscriptionType: 'Annual' });
    const row = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['billing_amount_cents', 'puck_monthly_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ billing_amount_cents: 825 + 300, puck_monthly_cents: 300 });
  });

  it('refuses a plan change while a charge of the subscription is in flight (409, decision 054)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    await t.ctx.db
      .insertInto('charges')
      .values({
        charge_key: `in-flight-${id}`,
        user_id: s.user.id,
        subscription_id: id,
        kind: 'subscription',
        period_start: '2026-12-22',
        period_end: '2027-01-21',
        subtotal_cents: 995,
        amount_cents: 995,
        status: 'pending',
      })
      .execute();
    const response = await change(s, id, 'Seasonal');
    expect(response.statusCode).toBe(409);
    expect((await subscriptionRow(t.ctx, id))?.next_billing_date).toBe('2026-12-22');
  });

  it("puts a subscription back as it was when the new plan's charge is declined, the log saying so (accounts-devices-billing §8, issue #22)", async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    // $400.00 a month for 6 months less the credit: a sale of $2390.05 declines (decision 034).
    const declining = await t.ctx.db
      .insertInto('subscription_options')
      .values({
        tenant_id: 2,
        plan_type: 'Seasonal',
        billing_amount_cents: 40_000,
        billing_frequency: 6,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await subscriptionRow(t.ctx, id);
    const response = await injectAs(t.app, s.token, 'PUT', `/api/subscriptions/${id}`, {
      billingPlan: { Id: declining.id, PlanType: 'Seasonal' },
    });
    expect(response.statusCode).toBe(400);
    expect(await subscriptionRow(t.ctx, id)).toEqual(before);
    const terms = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['term', 'credit_cents', 'plan_type'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(terms).toEqual({ term: 1, credit_cents: 0, plan_type: 'Monthly' });
    expect((await auditOf(s.user.id)).map((e) => [e.action, 'undone' in e.detail])).toEqual([
      ['billing.plan-change', false],
      ['billing.plan-change', true],
    ]);
    // Changed again to the ordinary season: billed as if the declined attempt never was.
    const again = await change(s, id, 'Seasonal');
    expect(again.json()).toMatchObject({ Credit: '9.95', NextBillingDate: '2027-11-22' });
    expect((await chargesOf(t.ctx, s.user.id)).map((c) => c.amount_cents)).toEqual([
      995,
      5370 - 995,
    ]);
  });

  it("starts next year's season when changed to Seasonal again before the season (accounts-devices-billing §4)", async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Seasonal', { startDate: '2027-01-01' });
    const response = await change(s, id, 'Seasonal');
    expect(response.json()).toMatchObject({
      PaymentStartDate: '2027-01-01',
      EndDate: '2027-06-30',
    });
  });

  it('refuses a seasonal start outside the next billing date to 9 months after it (accounts-devices-billing §5)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Annual');
    const response = await injectAs(t.app, s.token, 'PUT', `/api/subscriptions/${id}`, {
      billingPlan: {
        Id: await planId(t.ctx, 2, 'Seasonal'),
        PlanType: 'Seasonal',
        StartDate: '2027-01-01',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'billingPlan.StartDate: choose a start date from 2027-11-22 to 2028-08-22.',
    );
  });
});

describe('the audit log (issue #22)', () => {
  it('records a plan change with both plans, the start and the credit, the caller as actor', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    await change(s, id, 'Seasonal');
    expect(await auditOf(s.user.id)).toEqual([
      {
        action: 'billing.plan-change',
        user_id: s.user.id,
        actor_id: s.user.id,
        detail: {
          subscriptionId: id,
          from: { planType: 'Monthly', monthlyCents: 995, billingFrequency: 1, periodCents: 995 },
          to: {
            planType: 'Seasonal',
            monthlyCents: 895,
            billingFrequency: 6,
            periodCents: 5370,
            optionId: await planId(t.ctx, 2, 'Seasonal'),
          },
          start: TODAY,
          firstBillingDate: TODAY,
          creditCents: 995,
          term: 2,
        },
      },
    ]);
  });

  it('names the staff member behind an impersonation as who changed the plan, suspended and reactivated', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    const { staff, token } = await impersonate(t.app, t.ctx, s.user.id);
    const asStaff = { ...s, token };
    expect((await change(asStaff, id, 'Annual')).statusCode).toBe(200);
    await injectAs(t.app, token, 'POST', `/api/paymentprocessing/${id}/suspendSubscription`);
    await injectAs(t.app, token, 'POST', `/api/subscriptions/${id}/reactivate`);
    expect(
      (await auditOf(s.user.id))
        .filter((e) => e.action.startsWith('billing.'))
        .map((e) => [e.action, e.actor_id]),
    ).toEqual([
      ['billing.plan-change', staff.id],
      ['billing.suspend', staff.id],
      ['billing.reactivate', staff.id],
    ]);
  });

  it('records a suspension and a reactivation, in the transaction of each', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Monthly');
    await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend`);
    await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/reactivate`);
    expect(await auditOf(s.user.id)).toEqual([
      {
        action: 'billing.suspend',
        user_id: s.user.id,
        actor_id: s.user.id,
        detail: { subscriptionId: id, status: 'Active', expirationDate: '2026-12-22' },
      },
      {
        action: 'billing.reactivate',
        user_id: s.user.id,
        actor_id: s.user.id,
        detail: {
          subscriptionId: id,
          restarted: false,
          startDate: TODAY,
          nextBillingDate: '2026-12-22',
          newCard: false,
        },
      },
    ]);
  });
});

describe('GET /api/paymentprocessing/getPaymentNonce/', () => {
  it("answers a nonce for the caller's vaulted card and 404 for another user's", async () => {
    const s = await createSubscriber(t);
    const other = await createSubscriber(t);
    const id = await subscribe(t, s);
    const token = (await subscriptionRow(t.ctx, id))?.payment_method_token;
    const url = `/api/paymentprocessing/getPaymentNonce/?subscriptionToken=${token}`;
    const own = await injectAs(t.app, s.token, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ PaymentNonce: string }>().PaymentNonce).toEqual(expect.any(String));
    expect((await injectAs(t.app, other.token, 'GET', url)).statusCode).toBe(404);
  });
});
