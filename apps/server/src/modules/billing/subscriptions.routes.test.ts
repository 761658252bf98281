import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { injectAs } from '../../../test/helpers/factories';
import {
  chargesOf,
  createSubscriber,
  planId,
  subscribe,
  subscriptionRequest,
  subscriptionRow,
  unitOf,
  vaultedCardCount,
  type Subscriber,
} from '../../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

// 2026-11-22 12:00 UTC is 07:00 on 22 November in New York, the billing day.
const TODAY = '2026-11-22';

let t: TestApp;
let owner: Subscriber;

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2026-11-22T12:00:00Z') });
  owner = await createSubscriber(t);
});
afterAll(() => t.close());

const post = (s: Subscriber, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: { authorization: `Bearer ${s.token}`, ...headers },
    payload: body as object,
  });

describe('GET /api/subscriptions/options/{tenantId}', () => {
  it('answers the plans Monthly first, Annual last, amounts with 2 decimals (accounts-devices-billing §9)', async () => {
    const response = await injectAs(t.app, owner.token, 'GET', '/api/subscriptions/options/2');
    expect(response.statusCode).toBe(200);
    const plans = response.json<{ PlanType: string; BillingAmount: string; SubTotal: string }[]>();
    expect(plans.map((p) => p.PlanType)).toEqual(['Monthly', 'Seasonal', 'Annual']);
    expect(plans.map((p) => [p.BillingAmount, p.SubTotal])).toEqual([
      ['9.95', '9.95'],
      ['8.95', '53.70'],
      ['8.25', '99.00'],
    ]);
  });

  it("answers a pro device's plans from tenant 6 when its serial is named (accounts-devices-billing §4 plan tenant)", async () => {
    const device = await createDevice(t.ctx, { deviceType: 4 });
    const response = await injectAs(
      t.app,
      owner.token,
      'GET',
      `/api/subscriptions/options/2?serial=${device.serial}`,
    );
    const ids = response.json<{ Id: number }[]>().map((p) => p.Id);
    expect(ids).toContain(await planId(t.ctx, 6, 'Monthly'));
    expect(ids).not.toContain(await planId(t.ctx, 2, 'Monthly'));
  });

  it('answers the pro options apart, with their free months (accounts-devices-billing §4)', async () => {
    const response = await injectAs(
      t.app,
      owner.token,
      'GET',
      '/api/subscriptions/options/6?pro=true',
    );
    expect(response.json<{ PlanType: string; FreeMonths: number }[]>()).toEqual([
      expect.objectContaining({ PlanType: 'Monthly', FreeMonths: -1 }),
      expect.objectContaining({ PlanType: 'Annual', FreeMonths: 1 }),
    ]);
  });

  it('refuses a tenant outside 1–6 with a 400 and a caller without a session with a 401', async () => {
    expect(
      (await injectAs(t.app, owner.token, 'GET', '/api/subscriptions/options/9')).statusCode,
    ).toBe(400);
    expect((await injectAs(t.app, null, 'GET', '/api/subscriptions/options/2')).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/users/getProSubscriptionOptions', () => {
  it("answers a device's pro flag, type, tenant, code and plan tenant (accounts-devices-billing §7)", async () => {
    const device = await createDevice(t.ctx, { deviceType: 4 });
    const url = `/api/users/getProSubscriptionOptions?userId=${owner.user.id}&serial=${device.serial}`;
    const response = await injectAs(t.app, owner.token, 'GET', url);
    expect(response.json()).toEqual([
      { IsPro: true, DeviceType: 4, TenantId: 2, Code: null, PlanTenantId: 6 },
    ]);
    const other = await createSubscriber(t);
    expect((await injectAs(t.app, other.token, 'GET', url)).statusCode).toBe(403);
  });

  it('answers the owner for their own unit, and 409 to anyone else, as the serial check does (issue #22)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 4 });
    await registerUserDevice(t.ctx, { userId: owner.user.id, deviceId: device.id });
    const ask = (who: { user: { id: number }; token: string }) =>
      injectAs(
        t.app,
        who.token,
        'GET',
        `/api/users/getProSubscriptionOptions?userId=${who.user.id}&serial=${device.serial}`,
      );
    expect((await ask(owner)).json()).toEqual([
      { IsPro: true, DeviceType: 4, TenantId: 2, Code: null, PlanTenantId: 6 },
    ]);
    const taken = await ask(await createSubscriber(t));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: { code: 409, message: 'This serial number is already registered.' },
    });
  });
});

describe('POST /api/subscriptions and saveSubscription/', () => {
  it('a refused card leaves the account as it was: no vault customer kept (store-and-public-site §8)', async () => {
    const payer = await createSubscriber(t);
    const unit = await unitOf(t.ctx, payer.user.id);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const refused = await post(
      payer,
      subscriptionRequest(payer, unit, plan, 'fake-processor-declined-visa-nonce'),
    );
    expect(refused.statusCode).toBe(400);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', payer.user.id)
      .executeTakeFirstOrThrow();
    expect(user.customer_id).toBeNull();
  });

  it("names the subscription on the owner's user device (accounts-devices-billing §3 UserDevice)", async () => {
    const payer = await createSubscriber(t);
    const unit = await unitOf(t.ctx, payer.user.id);
    const id = await subscribe(t, payer, 'Monthly', { userDeviceId: unit });
    const device = await injectAs(
      t.app,
      payer.token,
      'GET',
      `/api/users/${payer.user.id}/devices/${unit}`,
    );
    expect(device.json<{ SubscriptionId: number | null }>().SubscriptionId).toBe(id);
  });

  it('charges the first period with sales tax where the card is billed, in a nexus state (accounts-devices-billing §5, §9)', async () => {
    const payer = await createSubscriber(t);
    const unit = await unitOf(t.ctx, payer.user.id);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const inRochester = {
      ...subscriptionRequest(payer, unit, plan),
      City: 'Rochester',
      State: 'NY',
      Zip: '14624',
    };
    expect((await post(payer, inRochester)).statusCode).toBe(200);
    const [charge] = await t.ctx.db
      .selectFrom('charges')
      .select(['subtotal_cents', 'tax_cents', 'amount_cents'])
      .where('user_id', '=', payer.user.id)
      .execute();
    expect(charge!.subtotal_cents).toBe(995);
    expect(charge!.tax_cents).toBeGreaterThan(0);
    expect(charge!.amount_cents).toBe(995 + charge!.tax_cents);
  });

  it('vaults the card, keeps the customer id and charges a Monthly plan starting today at once (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const response = await post(s, subscriptionRequest(s, unit, plan));
    expect(response.statusCode).toBe(200);
    const saved = response.json<{ Id: number; CustomerId: string; PaymentMethodToken: string }>();
    expect(saved.CustomerId).toBeTruthy();
    expect(saved.PaymentMethodToken).toBeTruthy();
    const user = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    expect(user.customer_id).toBe(saved.CustomerId);
    const row = await subscriptionRow(t.ctx, saved.Id);
    expect(row).toMatchObject({
      status: 'Active',
      start_date: TODAY,
      card_last4: '1111',
      next_billing_date: '2026-12-22',
    });
    expect(await chargesOf(t.ctx, s.user.id)).toEqual([
      { subscription_id: saved.Id, amount_cents: 995, status: 'succeeded' },
    ]);
  });

  it('answers the same under /api/paymentprocessing/saveSubscription/', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const plan = { Id: await planId(t.ctx, 2, 'Annual'), PlanType: 'Annual' };
    const response = await injectAs(
      t.app,
      s.token,
      'POST',
      '/api/paymentprocessing/saveSubscription/',
      subscriptionRequest(s, unit, plan),
    );
    expect(response.statusCode).toBe(200);
    const row = await subscriptionRow(t.ctx, response.json<{ Id: number }>().Id);
    // Annual: no current subscription, so it starts today (accounts-devices-billing §4).
    expect(row).toMatchObject({ start_date: TODAY, next_billing_date: '2027-11-22' });
    expect(await chargesOf(t.ctx, s.user.id)).toEqual([
      expect.objectContaining({ amount_cents: 9900 }),
    ]);
  });

  it('starts a seasonal plan on the picked day and ends it start plus its months less a day, not charged before (accounts-devices-billing §4, §5)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Seasonal', { startDate: '2027-04-01' });
    expect(await subscriptionRow(t.ctx, id)).toMatchObject({
      start_date: '2027-04-01',
      end_date: '2027-09-30',
      next_billing_date: '2027-04-01',
    });
    expect(await chargesOf(t.ctx, s.user.id)).toEqual([]);
  });

  it('refuses a seasonal start outside 6 months back to 9 ahead, naming the field (accounts-devices-billing §5)', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const plan = {
      Id: await planId(t.ctx, 2, 'Seasonal'),
      PlanType: 'Seasonal',
      StartDate: '2027-08-23',
    };
    const response = await post(s, subscriptionRequest(s, unit, plan));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'billingPlan.StartDate: choose a start date from 2026-05-22 to 2027-08-22.',
    );
  });

  it('takes a promoted discount off the first charge of a pro plan (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id, 4);
    const plan = { Id: await planId(t.ctx, 6, 'Monthly', true), PlanType: 'Monthly' };
    expect((await post(s, subscriptionRequest(s, unit, plan))).statusCode).toBe(200);
    expect(await chargesOf(t.ctx, s.user.id)).toEqual([
      expect.objectContaining({ amount_cents: 0 }),
    ]);
  });

  it('moves the first charge after promoted free months BEFORE it (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id, 4);
    const plan = { Id: await planId(t.ctx, 6, 'Annual', true), PlanType: 'Annual' };
    const response = await post(s, subscriptionRequest(s, unit, plan));
    expect(await subscriptionRow(t.ctx, response.json<{ Id: number }>().Id)).toMatchObject({
      start_date: TODAY,
      next_billing_date: '2026-12-22',
    });
    expect(await chargesOf(t.ctx, s.user.id)).toEqual([]);
  });

  it('refuses a plan of another tenant than the device’s, naming the field (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const plan = { Id: await planId(t.ctx, 6, 'Monthly'), PlanType: 'Monthly' };
    const response = await post(s, subscriptionRequest(s, unit, plan));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('billingPlan.Id');
  });

  it('answers a card the processor refuses with its errors and stores nothing', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const cards = await vaultedCardCount(t.ctx);
    const response = await post(
      s,
      subscriptionRequest(s, unit, plan, 'fake-processor-declined-visa-nonce'),
    );
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ error: { processorErrors: unknown[] } }>().error.processorErrors.length,
    ).toBeGreaterThan(0);
    expect(
      await t.ctx.db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', s.user.id)
        .execute(),
    ).toEqual([]);
    expect(await vaultedCardCount(t.ctx)).toBe(cards);
  });

  it('removes the subscription and the vaulted card when the first charge is declined', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id, 1);
    // A tenant-3 plan made to charge 2000.00: the processor declines that amount (code 2000).
    await t.ctx.db
      .updateTable('devices')
      .set({ tenant_id: 3 })
      .where(
        'id',
        '=',
        (
          await t.ctx.db
            .selectFrom('user_devices')
            .select('device_id')
            .where('id', '=', unit)
            .executeTakeFirstOrThrow()
        ).device_id,
      )
      .execute();
    const id = await planId(t.ctx, 3, 'Monthly');
    await t.ctx.db
      .updateTable('subscription_options')
      .set({ billing_amount_cents: 200_000 })
      .where('id', '=', id)
      .execute();
    const cards = await vaultedCardCount(t.ctx);
    const response = await post(s, subscriptionRequest(s, unit, { Id: id, PlanType: 'Monthly' }));
    await t.ctx.db
      .updateTable('subscription_options')
      .set({ billing_amount_cents: 995 })
      .where('id', '=', id)
      .execute();
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ error: { processorErrors: unknown[] } }>().error.processorErrors,
    ).not.toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', s.user.id)
        .execute(),
    ).toEqual([]);
    expect(await vaultedCardCount(t.ctx)).toBe(cards);
  });

  it('answers two concurrent submits with one Idempotency-Key with the first subscription and charges once', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const body = subscriptionRequest(s, unit, {
      Id: await planId(t.ctx, 2, 'Monthly'),
      PlanType: 'Monthly',
    });
    const [a, b] = await Promise.all([
      post(s, body, { 'idempotency-key': 'submit-1' }),
      post(s, body, { 'idempotency-key': 'submit-1' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<{ Id: number }>().Id).toBe(b.json<{ Id: number }>().Id);
    expect(await chargesOf(t.ctx, s.user.id)).toHaveLength(1);
    const again = await post(s, body, { 'idempotency-key': 'submit-1' });
    expect(again.json<{ Id: number }>().Id).toBe(a.json<{ Id: number }>().Id);
    expect(await chargesOf(t.ctx, s.user.id)).toHaveLength(1);
  });

  it('refuses an Idempotency-Key used for another device (409)', async () => {
    const s = await createSubscriber(t);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const first = await post(s, subscriptionRequest(s, await unitOf(t.ctx, s.user.id), plan), {
      'idempotency-key': 'k-1',
    });
    expect(first.statusCode).toBe(200);
    const second = await post(s, subscriptionRequest(s, await unitOf(t.ctx, s.user.id), plan), {
      'idempotency-key': 'k-1',
    });
    expect(second.statusCode).toBe(409);
  });

  it('answers two concurrent submits without a key for one device with one subscription and charges once', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const body = subscriptionRequest(s, unit, {
      Id: await planId(t.ctx, 2, 'Monthly'),
      PlanType: 'Monthly',
    });
    const cards = await vaultedCardCount(t.ctx);
    const [a, b] = await Promise.all([post(s, body), post(s, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<{ Id: number }>().Id).toBe(b.json<{ Id: number }>().Id);
    expect(await chargesOf(t.ctx, s.user.id)).toHaveLength(1);
    // The loser's card was let go: one card is kept for the one subscription.
    expect(await vaultedCardCount(t.ctx)).toBe(cards + 1);
  });

  it('refuses a card number field: cards come only as nonces', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id);
    const body = {
      ...subscriptionRequest(s, unit, {
        Id: await planId(t.ctx, 2, 'Monthly'),
        PlanType: 'Monthly',
      }),
      PaymentCardNumber: '4111111111111111',
    };
    const response = await post(s, body);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('4111111111111111');
  });

  it("refuses another user's device (403) and a sub-account (403)", async () => {
    const other = await createSubscriber(t);
    const unit = await unitOf(t.ctx, owner.user.id);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    expect((await post(other, subscriptionRequest(other, unit, plan))).statusCode).toBe(403);
    expect((await post(other, subscriptionRequest(owner, unit, plan))).statusCode).toBe(403);
  });

  it('gives a billed user’s type 6 device an invoice subscription without a card, always shown Active (accounts-devices-billing §4, §5)', async () => {
    const s = await createSubscriber(t, { billingType: 1, apContact: 'ap@example.com' });
    const unit = await unitOf(t.ctx, s.user.id, 6);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const response = await post(s, subscriptionRequest(s, unit, plan, null));
    expect(response.statusCode).toBe(200);
    const saved = response.json<{ Id: number; PaymentMethodToken: string | null }>();
    expect(saved.PaymentMethodToken).toBeNull();
    expect(await chargesOf(t.ctx, s.user.id)).toEqual([]);
    const check = await injectAs(
      t.app,
      s.token,
      'GET',
      `/api/subscriptions/checkIfInvoicedSubscription/?subscriptionId=${saved.Id}`,
    );
    // Its first month began today, so it was invoiced at once, as a card is charged at once.
    expect(check.json()).toEqual({ NextBillingDate: '2026-12-22' });
    const invoices = await injectAs(
      t.app,
      s.token,
      'GET',
      `/api/subscriptions/${saved.Id}/invoices`,
    );
    expect(invoices.json()).toMatchObject([{ PeriodStart: TODAY, PeriodEnd: '2026-12-21' }]);
    const view = await injectAs(
      t.app,
      s.token,
      'GET',
      `/api/subscriptions/getBillableSubscription/?subscriptionId=${saved.Id}`,
    );
    expect(view.json()).toMatchObject({ Status: 'Active', PaymentCard: null });
  });

  it('flags a regular user with a type 6 device, a billed user with a card type and a billed user without an AP contact (accounts-devices-billing §5)', async () => {
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const phone = t.ctx.brands[2].phone;
    const regular = await createSubscriber(t);
    const r1 = await post(
      regular,
      subscriptionRequest(regular, await unitOf(t.ctx, regular.user.id, 6), plan, null),
    );
    expect(r1.json<{ error: { message: string } }>().error.message).toBe(
      `This device can only be added to an invoiced account. Please contact customer service at ${phone}.`,
    );
    const billed = await createSubscriber(t, { billingType: 1, apContact: 'ap@example.com' });
    const r2 = await post(
      billed,
      subscriptionRequest(billed, await unitOf(t.ctx, billed.user.id, 1), plan),
    );
    expect(r2.statusCode).toBe(400);
    expect(r2.body).toContain('cannot be added to an invoiced account');
    const noContact = await createSubscriber(t, { billingType: 1 });
    const r3 = await post(
      noContact,
      subscriptionRequest(noContact, await unitOf(t.ctx, noContact.user.id, 6), plan, null),
    );
    expect(r3.statusCode).toBe(400);
    expect(r3.body).toContain('no accounts payable contact');
  });

  it('takes no subscription for a test device type (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const unit = await unitOf(t.ctx, s.user.id, 2);
    const plan = { Id: await planId(t.ctx, 2, 'Monthly'), PlanType: 'Monthly' };
    const response = await post(s, subscriptionRequest(s, unit, plan));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Test devices need no subscription.',
    );
  });
});
