import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import { createDueSubscription, type BillingFixture } from '../../../test/helpers/billing-fixtures';
import { attachPuck } from '../../../test/helpers/devices';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { auditBilling } from './billing-audit.service';
import { runBilling } from './billing-run.service';
import { refundCharge } from './refunds.service';

const DAY = 24 * 60 * 60 * 1000;

/** Each test breaks one subscription of its own by hand; the audit names it and nothing else. */
describe('audit-billing finds what breaks the ledger (decision 057)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Noon in New York on January 10, 2027.
    t = await createTestApp({ start: new Date('2027-01-10T17:00:00Z') });
  });
  afterAll(() => t.close());

  const audit = (asOf?: string) => auditBilling(t.ctx, asOf ? { asOf: asOf as IsoDate } : {});
  const onlyOf = async (s: BillingFixture) =>
    (await audit())
      .map((f) => ({ ...f, detail: f.detail.replace(/#\d+/g, '#') }))
      .filter((f) => f.subscriptionId === s.subscriptionId);

  /** A monthly card subscription charged today by the run: clean. */
  async function paidMonthly(): Promise<BillingFixture & { chargeId: number }> {
    const s = await createDueSubscription(t.ctx, { nextBillingDate: '2027-01-10' });
    await runBilling(t.ctx);
    const charge = await t.ctx.db
      .selectFrom('charges')
      .select('id')
      .where('subscription_id', '=', s.subscriptionId)
      .executeTakeFirstOrThrow();
    return { ...s, chargeId: charge.id };
  }

  it('answers nothing for a database whose subscriptions were billed by the run, refunded in part and given paid pucks (accounts-devices-billing §4; decisions 036, 056)', async () => {
    const monthly = await paidMonthly();
    await refundCharge(t.ctx, { chargeId: monthly.chargeId, amountCents: 500 });
    await createDueSubscription(t.ctx, { planType: 'Annual', nextBillingDate: '2027-01-10' });
    const withPucks = await createDueSubscription(t.ctx, { nextBillingDate: '2027-01-10' });
    await attachPuck(t.ctx, withPucks.device.id);
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ puck_monthly_cents: 300, billing_amount_cents: 2475 + 300 })
      .where('id', '=', withPucks.subscriptionId)
      .execute();
    await runBilling(t.ctx);
    expect(await audit()).toEqual([]);
  });

  it('names a subscription whose pucks part is not $3.00 a paid puck (decisions 036, 056)', async () => {
    const s = await paidMonthly();
    await attachPuck(t.ctx, s.device.id);
    await attachPuck(t.ctx, s.device.id);
    expect(await onlyOf(s)).toEqual([
      {
        subscriptionId: s.subscriptionId,
        userId: s.userId,
        rule: 'recurring-amount',
        detail:
          "pucks' part of the monthly amount is $0.00, but its unit has 2 paid puck(s): $6.00",
      },
    ]);
  });

  it('does not count a puck still awaiting its upfront charge (decision 056)', async () => {
    const s = await paidMonthly();
    const puck = await attachPuck(t.ctx, s.device.id);
    await t.ctx.db
      .updateTable('peripherals')
      .set({ awaiting_payment: true })
      .where('id', '=', puck.id)
      .execute();
    expect(await onlyOf(s)).toEqual([]);
  });

  it('names a charge refunded beyond its amount, and one whose refunds do not add up (decision 036 refunds)', async () => {
    const s = await paidMonthly();
    await refundCharge(t.ctx, { chargeId: s.chargeId, amountCents: 1000 });
    await t.ctx.db
      .updateTable('charges')
      .set({ refunded_cents: 3000 })
      .where('id', '=', s.chargeId)
      .execute();
    const findings = await onlyOf(s);
    expect(findings.map((f) => f.rule)).toEqual(['refund-exceeds-charge']);
    expect(findings[0]!.detail).toBe(
      'subscription charge # (succeeded) of $24.75: $30.00 marked refunded, $10.00 in refunds made or in flight, $10.00 returned',
    );
  });

  it('names two charges of one plan paying for the same days (decision 036 one charge per period)', async () => {
    const s = await paidMonthly();
    await t.ctx.db
      .insertInto('charges')
      .values({
        charge_key: `by-hand:${s.subscriptionId}`,
        user_id: s.userId,
        subscription_id: s.subscriptionId,
        kind: 'subscription',
        period_start: '2027-01-20',
        period_end: '2027-02-19',
        subtotal_cents: 2475,
        amount_cents: 2475,
        status: 'succeeded',
      })
      .execute();
    const rules = (await onlyOf(s)).map((f) => [f.rule, f.detail]);
    expect(rules).toContainEqual([
      'period-charged-twice',
      'charge # (2027-01-10..2027-02-09) and charge # (2027-01-20..2027-02-19) of term 1 both pay for 2027-01-20..2027-02-09',
    ]);
    // The second charge also breaks the plan's sequence of periods.
    expect(rules.map(([rule]) => rule)).toContain('period-skipped');
  });

  it('names a charge for a period that starts on or after a suspended subscription expired (accounts-devices-billing §4 suspend)', async () => {
    const s = await paidMonthly();
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ status: 'Suspended', expiration_date: '2027-01-10' })
      .where('id', '=', s.subscriptionId)
      .execute();
    expect((await onlyOf(s)).map((f) => [f.rule, f.detail])).toEqual([
      [
        'charged-after-expiration',
        'charge # paid for 2027-01-10..2027-02-09, but the suspended subscription expired 2027-01-10',
      ],
    ]);
  });

  it('names an Active subscription whose billing date passed more than a day ago, and a past-due retry not made (decision 036 hourly run)', async () => {
    const late = await createDueSubscription(t.ctx, { nextBillingDate: '2027-01-08' });
    const dueYesterday = await createDueSubscription(t.ctx, { nextBillingDate: '2027-01-09' });
    const retry = await createDueSubscription(t.ctx, {
      nextBillingDate: '2027-01-09',
      status: 'PastDue',
    });
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ next_attempt_at: new Date(t.ctx.now().getTime() - 2 * DAY) })
      .where('id', '=', retry.subscriptionId)
      .execute();
    expect((await onlyOf(late)).map((f) => [f.rule, f.detail])).toEqual([
      [
        'period-overdue',
        'Active card subscription was due 2027-01-08 and is still not billed on 2027-01-10',
      ],
    ]);
    expect(await onlyOf(dueYesterday)).toEqual([]);
    expect((await onlyOf(retry)).map((f) => [f.rule, f.detail])).toEqual([
      ['period-overdue', 'past-due retry was due 2027-01-08 and is still not made on 2027-01-10'],
    ]);
    // As of the day before, none of them is late.
    expect(
      (await audit('2027-01-09')).filter((f) =>
        [late, dueYesterday, retry].some((s) => s.subscriptionId === f.subscriptionId),
      ),
    ).toEqual([]);
  });

  it('names a plan whose next billing date moved on without a charge: a period skipped (issue #22 finding 5)', async () => {
    const s = await paidMonthly();
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ next_billing_date: '2027-03-10' })
      .where('id', '=', s.subscriptionId)
      .execute();
    expect((await onlyOf(s)).map((f) => [f.rule, f.detail])).toEqual([
      [
        'period-skipped',
        'last charge # billed 2027-01-10..2027-02-09, so the next billing date should be 2027-02-10, not 2027-03-10',
      ],
    ]);
  });

  it("names a billed customer's plan whose next billing date moved on without an invoice, and answers nothing once it is invoiced (issue #22 finding 5's twin, decision 058)", async () => {
    const s = await createDueSubscription(t.ctx, {
      nextBillingDate: '2027-01-10',
      paymentKind: 'invoice',
    });
    await runBilling(t.ctx);
    expect(await onlyOf(s)).toEqual([]);
    // What the run did before decision 058 on a new plan starting on a day already invoiced.
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ next_billing_date: '2027-03-10' })
      .where('id', '=', s.subscriptionId)
      .execute();
    expect((await onlyOf(s)).map((f) => [f.rule, f.detail])).toEqual([
      [
        'period-skipped',
        'last invoice # billed 2027-01-10..2027-02-09, so the next billing date should be 2027-02-10, not 2027-03-10',
      ],
    ]);
  });

  it('names a charge that is not the plan price plus $3.00 a puck less credit, and one whose amount is not subtotal plus tax (decisions 036, 054)', async () => {
    const s = await paidMonthly();
    await t.ctx.db
      .updateTable('charges')
      .set({ subtotal_cents: 2400, amount_cents: 2500 })
      .where('id', '=', s.chargeId)
      .execute();
    expect((await onlyOf(s)).map((f) => f.rule)).toEqual(['charge-arithmetic', 'charge-price']);
  });

  it('names credit left beyond what the charges took and kept (decision 054)', async () => {
    const s = await paidMonthly();
    await refundCharge(t.ctx, { chargeId: s.chargeId });
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ credit_cents: 1000 })
      .where('id', '=', s.subscriptionId)
      .execute();
    expect((await onlyOf(s)).map((f) => [f.rule, f.detail])).toEqual([
      [
        'credit-exceeds-payments',
        'credit left $10.00 is more than the $0.00 its charges took and kept',
      ],
    ]);
  });

  it('names a charge left waiting for the processor more than a day (decision 036 lookup)', async () => {
    const s = await createDueSubscription(t.ctx, { nextBillingDate: '2027-02-10' });
    await t.ctx.db
      .insertInto('charges')
      .values({
        charge_key: `pending-by-hand:${s.subscriptionId}`,
        user_id: s.userId,
        subscription_id: s.subscriptionId,
        kind: 'upfront',
        subtotal_cents: 3900,
        amount_cents: 3900,
        status: 'pending',
        created_at: new Date(t.ctx.now().getTime() - 3 * DAY),
      })
      .execute();
    expect((await onlyOf(s)).map((f) => [f.rule, f.detail])).toEqual([
      [
        'charge-stuck-pending',
        "upfront charge # has waited for the processor's answer since 2027-01-07",
      ],
    ]);
    await sql`DELETE FROM charges WHERE charge_key = ${`pending-by-hand:${s.subscriptionId}`}`.execute(
      t.ctx.db,
    );
  });
});
