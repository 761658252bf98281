import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  createDueSubscription,
  DECLINING_MONTHLY_CENTS,
} from '../../../test/helpers/billing-fixtures';
import { billingToday } from './billing-day';
import {
  chargeColumns,
  subscriptionColumns,
  type ChargeRow,
  type SubscriptionRow,
} from './subscription-charges.repository';
import { chargeSubscriptionPeriod, PENDING_CHARGE_STALE_MS } from './subscription-charges.service';
import { cents } from '@monitor/domain/shared/money';

const DAY = 24 * 60 * 60 * 1000;

describe('chargeSubscriptionPeriod (decision 036)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 17:00 UTC is noon in New York: the billing day is the calendar day.
    t = await createTestApp({ start: new Date('2026-11-02T17:00:00Z') });
  });
  afterAll(() => t.close());

  const subscription = (id: number) =>
    t.ctx.db
      .selectFrom('subscriptions')
      .select(subscriptionColumns('subscriptions'))
      .where('id', '=', id)
      .$castTo<SubscriptionRow>()
      .executeTakeFirstOrThrow();
  const charges = (id: number) =>
    t.ctx.db
      .selectFrom('charges')
      .select(chargeColumns)
      .where('subscription_id', '=', id)
      .$castTo<ChargeRow>()
      .orderBy('id')
      .execute();
  const mailOf = (userId: number) =>
    t.ctx.db
      .selectFrom('deliveries')
      .select(['kind', 'subject', 'body'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('billing days are calendar days in New York: 03:00 UTC is still the day before', () => {
    expect(billingToday({ now: () => new Date('2026-11-03T03:00:00Z') })).toBe('2026-11-02');
    expect(billingToday({ now: () => new Date('2026-11-03T06:00:00Z') })).toBe('2026-11-03');
  });

  it('charges a due monthly period once, advances the dates and queues a receipt (accounts-devices-billing §4)', async () => {
    const s = await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-02' });
    const first = await chargeSubscriptionPeriod(t.ctx, s);
    expect(first.kind).toBe('charged');
    const again = await chargeSubscriptionPeriod(t.ctx, s);
    expect(again.kind).toBe('notDue');
    const rows = await charges(s.subscriptionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'succeeded',
      amount_cents: 2475,
      charge_key: `subscription:${s.subscriptionId}:2026-11-02:1`,
      period_start: '2026-11-02',
      period_end: '2026-12-01',
      card_last4: '1111',
    });
    expect(await t.ctx.payments.findTransactionByOrderId(rows[0]!.charge_key)).toMatchObject({
      amountCents: 2475,
    });
    expect(await subscription(s.subscriptionId)).toMatchObject({
      status: 'Active',
      last_payment_date: '2026-11-02',
      next_billing_date: '2026-12-02',
      expiration_date: '2026-12-02',
      failed_attempts: 0,
    });
    const [receipt] = await mailOf(s.userId);
    expect(receipt?.kind).toBe('payment-receipt');
    expect(receipt?.body).toContain('$24.75');
    expect(receipt?.body).toContain('Visa ending in 1111');
    expect(receipt?.body).toContain('Next billing date: December 2, 2026');
  });

  it('a period not yet due is not charged', async () => {
    const s = await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-03' });
    expect(await chargeSubscriptionPeriod(t.ctx, s)).toEqual({ kind: 'notDue' });
    expect(await charges(s.subscriptionId)).toEqual([]);
  });

  it('takes the promoted discount off the first charge only (accounts-devices-billing §4)', async () => {
    const s = await createDueSubscription(t.ctx, {
      planType: 'Annual',
      billingAmountCents: 825,
      nextBillingDate: '2026-11-02',
      firstChargeDiscountCents: 1650,
    });
    const outcome = await chargeSubscriptionPeriod(t.ctx, s);
    expect(outcome.kind === 'charged' && outcome.charge.amount_cents).toBe(825 * 12 - 1650);
    expect(await subscription(s.subscriptionId)).toMatchObject({
      next_billing_date: '2027-11-02',
      first_charge_discount_cents: 0,
    });
  });

  it('a seasonal plan pays its season and bills again 12 months after its start (accounts-devices-billing §4)', async () => {
    const s = await createDueSubscription(t.ctx, {
      planType: 'Seasonal',
      billingFrequency: 6,
      nextBillingDate: '2026-11-02',
    });
    const outcome = await chargeSubscriptionPeriod(t.ctx, s);
    expect(outcome.kind === 'charged' && outcome.charge).toMatchObject({
      amount_cents: 2475 * 6,
      period_end: '2027-05-01',
    });
    expect(await subscription(s.subscriptionId)).toMatchObject({
      next_billing_date: '2027-11-02',
      end_date: '2027-05-01',
      expiration_date: '2027-05-02',
    });
  });

  it('a crash between the answer and its record is settled by lookup, never charged again (decision 036)', async () => {
    const s = await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-02' });
    const key = `subscription:${s.subscriptionId}:2026-11-02:1`;
    // What a crash leaves: the pending row, and the processor's transaction for its order id.
    await t.ctx.db
      .insertInto('charges')
      .values({
        charge_key: key,
        user_id: s.userId,
        subscription_id: s.subscriptionId,
        kind: 'subscription',
        period_start: '2026-11-02',
        period_end: '2026-12-01',
        subtotal_cents: 2475,
        amount_cents: 2475,
        status: 'pending',
        created_at: t.ctx.now(),
      })
      .execute();
    const sub = await subscription(s.subscriptionId);
    const sale = await t.ctx.payments.sale({
      amountCents: 2475,
      orderId: key,
      paymentMethodToken: sub.payment_method_token!,
    });
    expect(sale.ok).toBe(true);
    // Still in flight as far as anyone can tell: left alone.
    const early = await chargeSubscriptionPeriod(t.ctx, s);
    expect(early.kind === 'alreadyCharged' && early.charge.status).toBe('pending');

    t.advanceTime(PENDING_CHARGE_STALE_MS + 1000);
    const settled = await chargeSubscriptionPeriod(t.ctx, s);
    expect(settled.kind).toBe('charged');
    const rows = await charges(s.subscriptionId);
    expect(rows.map((row) => [row.status, row.processor_transaction_id])).toEqual([
      ['succeeded', sale.ok && sale.value.id],
    ]);
    expect(await subscription(s.subscriptionId)).toMatchObject({ next_billing_date: '2026-12-02' });
  });

  it('a pending charge the processor never received is replaced by a fresh attempt (decision 036)', async () => {
    const s = await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-02' });
    await t.ctx.db
      .insertInto('charges')
      .values({
        charge_key: `subscription:${s.subscriptionId}:2026-11-02:1`,
        user_id: s.userId,
        subscription_id: s.subscriptionId,
        kind: 'subscription',
        period_start: '2026-11-02',
        subtotal_cents: 2475,
        amount_cents: 2475,
        status: 'pending',
        created_at: new Date(t.ctx.now().getTime() - PENDING_CHARGE_STALE_MS - 1000),
      })
      .execute();
    expect((await chargeSubscriptionPeriod(t.ctx, s)).kind).toBe('charged');
    expect(
      (await charges(s.subscriptionId)).map((row) => [row.charge_key.slice(-2), row.status]),
    ).toEqual([
      [':1', 'declined'],
      [':2', 'succeeded'],
    ]);
    expect((await subscription(s.subscriptionId)).failed_attempts).toBe(0);
  });

  it('a declining card walks the dunning schedule, 1, 3 and 7 days after the first decline, to Suspended with an e-mail each time (decision 036)', async () => {
    const s = await createDueSubscription(t.ctx, {
      billingAmountCents: DECLINING_MONTHLY_CENTS,
      nextBillingDate: '2026-11-01',
    });
    const start = t.ctx.now().getTime();
    const first = await chargeSubscriptionPeriod(t.ctx, s);
    expect(first.kind).toBe('declined');
    let row = await subscription(s.subscriptionId);
    expect(row).toMatchObject({ status: 'PastDue', failed_attempts: 1 });
    expect(row.next_attempt_at?.getTime()).toBe(start + DAY);
    // Not before its time.
    expect((await chargeSubscriptionPeriod(t.ctx, s)).kind).toBe('notDue');

    for (const [attempt, nextDays] of [
      [2, 3],
      [3, 7],
    ] as const) {
      t.advanceTime(row.next_attempt_at!.getTime() - t.ctx.now().getTime());
      expect((await chargeSubscriptionPeriod(t.ctx, s)).kind).toBe('declined');
      row = await subscription(s.subscriptionId);
      expect(row).toMatchObject({ status: 'PastDue', failed_attempts: attempt });
      expect(row.next_attempt_at?.getTime()).toBe(start + nextDays * DAY);
    }
    t.advanceTime(row.next_attempt_at!.getTime() - t.ctx.now().getTime());
    expect((await chargeSubscriptionPeriod(t.ctx, s)).kind).toBe('declined');
    expect(await subscription(s.subscriptionId)).toMatchObject({
      status: 'Suspended',
      failed_attempts: 4,
      next_attempt_at: null,
      expiration_date: '2026-11-01',
      next_billing_date: '2026-11-01',
    });
    expect((await chargeSubscriptionPeriod(t.ctx, s)).kind).toBe('notDue');
    const mails = await mailOf(s.userId);
    expect(mails.map((mail) => mail.kind)).toEqual([
      'payment-failed',
      'payment-failed',
      'payment-failed',
      'subscription-suspended',
    ]);
    expect(mails[0]?.body).toContain('We will try again on November 3, 2026');
    expect(mails[0]?.body).toContain('suspended after November 9, 2026');
    expect(mails[3]?.body).toContain('paid until November 1, 2026');
    expect((await charges(s.subscriptionId)).map((charge) => charge.status)).toEqual([
      'declined',
      'declined',
      'declined',
      'declined',
    ]);
  });

  it('promoted free months AFTER the first period move only its next billing date (accounts-devices-billing §4)', async () => {
    const s = await createDueSubscription(t.ctx, {
      nextBillingDate: '2026-11-02',
      freeMonthsAfter: 2,
    });
    expect((await chargeSubscriptionPeriod(t.ctx, s)).kind).toBe('charged');
    const row = await subscription(s.subscriptionId);
    expect(row.next_billing_date).toBe('2027-02-02');
    expect(row.free_months_after).toBe(0);
  });

  it('a charge made while the owner waits records its decline without dunning or e-mail (decision 036)', async () => {
    const s = await createDueSubscription(t.ctx, {
      nextBillingDate: '2026-11-02',
      billingAmountCents: DECLINING_MONTHLY_CENTS,
    });
    const outcome = await chargeSubscriptionPeriod(t.ctx, { ...s, whileOwnerWaits: true });
    expect(outcome.kind).toBe('declined');
    expect((await charges(s.subscriptionId)).map((charge) => charge.status)).toEqual(['declined']);
    const row = await subscription(s.subscriptionId);
    expect(row.status).toBe('Active');
    expect(row.failed_attempts).toBe(0);
    expect(await mailOf(s.userId)).toEqual([]);
  });

  it('adds sales tax at the default billing address (when the subscription has none) in a nexus state, none elsewhere (accounts-devices-billing §9)', async () => {
    const inNewYork = await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-02' });
    const inIllinois = await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-02' });
    const address = (userId: number, city: string, state: string, zip: string) =>
      t.ctx.db
        .insertInto('billing_addresses')
        .values({
          user_id: userId,
          first_name: 'Pat',
          last_name: 'Payer',
          address1: '1 Main St',
          city,
          state,
          zip,
        })
        .execute();
    await address(inNewYork.userId, 'Rochester', 'NY', '14624');
    await address(inIllinois.userId, 'Springfield', 'IL', '62701');
    const taxed = await chargeSubscriptionPeriod(t.ctx, inNewYork);
    const untaxed = await chargeSubscriptionPeriod(t.ctx, inIllinois);
    if (taxed.kind !== 'charged' || untaxed.kind !== 'charged') throw new Error('not charged');
    const expected = (
      await t.ctx.tax.taxForOrder({
        to: { zip: '14624', state: 'NY' },
        amountCents: cents(2475),
        shippingCents: cents(0),
      })
    ).taxCents;
    expect(expected).toBeGreaterThan(0);
    expect(taxed.charge).toMatchObject({
      subtotal_cents: 2475,
      tax_cents: expected,
      amount_cents: 2475 + expected,
    });
    expect(untaxed.charge).toMatchObject({
      subtotal_cents: 2475,
      tax_cents: 0,
      amount_cents: 2475,
    });
  });
});
