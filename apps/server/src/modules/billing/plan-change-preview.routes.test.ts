import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/helpers/factories';
import {
  chargesOf,
  createSubscriber,
  planId,
  subscribe,
  subscriptionRow,
  type Subscriber,
} from '../../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

// 2026-11-22 12:00 UTC is 07:00 on 22 November in New York, the billing day.
const TODAY = '2026-11-22';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => t.close());

const planBody = async (planType: 'Monthly' | 'Annual' | 'Seasonal') => ({
  billingPlan: { Id: await planId(t.ctx, 2, planType), PlanType: planType },
});
const preview = async (s: Subscriber, id: number, planType: 'Monthly' | 'Annual') =>
  injectAs(
    t.app,
    s.token,
    'POST',
    `/api/subscriptions/${id}/previewChange`,
    await planBody(planType),
  );

/** A monthly subscriber who paid November 1 to 30 and suspended: Annual starts today. */
async function suspendedAfterPayingNovember() {
  const s = await createSubscriber(t);
  const id = await subscribe(t, s, 'Monthly');
  await t.ctx.db
    .updateTable('charges')
    .set({ period_start: '2026-11-01', period_end: '2026-11-30', charge_key: `nov-${id}` })
    .where('subscription_id', '=', id)
    .execute();
  await injectAs(t.app, s.token, 'POST', `/api/subscriptions/${id}/suspend`);
  return { s, id };
}

describe('POST /api/subscriptions/{Id}/previewChange', () => {
  it('prices a plan change as the change then bills it: old and new amounts, start, first billing date, credit (accounts-devices-billing §4, §9, issue #24 item 14)', async () => {
    const { s, id } = await suspendedAfterPayingNovember();
    const response = await preview(s, id, 'Annual');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      CurrentPlanType: 'Monthly',
      CurrentBillingAmount: '9.95',
      CurrentBillingFrequency: 1,
      PlanType: 'Annual',
      BillingAmount: '8.25',
      BillingFrequency: 12,
      StartDate: TODAY,
      FirstBillingDate: TODAY,
      IsChargedNow: true,
      // November 22 to 30: 9 of November's 30 days of the $9.95 paid.
      Credit: '2.99',
      FirstChargeSubtotal: '96.01',
    });
    const changed = await injectAs(t.app, s.token, 'PUT', `/api/subscriptions/${id}`, {
      ...(await planBody('Annual')),
    });
    expect(changed.json()).toMatchObject({ Credit: '2.99', PaymentStartDate: TODAY });
    expect((await chargesOf(t.ctx, s.user.id)).map((c) => c.amount_cents)).toEqual([995, 9601]);
  });

  it('changes, charges and credits nothing (accounts-devices-billing §4)', async () => {
    const { s, id } = await suspendedAfterPayingNovember();
    const before = await subscriptionRow(t.ctx, id);
    await preview(s, id, 'Annual');
    await preview(s, id, 'Annual');
    expect(await subscriptionRow(t.ctx, id)).toEqual(before);
    expect(await chargesOf(t.ctx, s.user.id)).toHaveLength(1);
    // The days were not marked credited: the change still gives them back.
    const changed = await injectAs(t.app, s.token, 'PUT', `/api/subscriptions/${id}`, {
      ...(await planBody('Annual')),
    });
    expect(changed.json()).toMatchObject({ Credit: '2.99' });
  });

  it('starts a Monthly plan at the next billing date with no charge now, while the current one runs (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s, 'Annual');
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ next_billing_date: '2027-11-22' })
      .where('id', '=', id)
      .execute();
    const response = await preview(s, id, 'Monthly');
    expect(response.json()).toMatchObject({
      CurrentPlanType: 'Annual',
      PlanType: 'Monthly',
      IsChargedNow: false,
    });
  });

  it("refuses another user's subscription (403)", async () => {
    const { id } = await suspendedAfterPayingNovember();
    const other = await createSubscriber(t);
    expect((await preview(other, id, 'Annual')).statusCode).toBe(403);
  });
});
