import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../test/helpers/factories';
import {
  createSubscriber,
  planId,
  subscribe,
  subscriptionRequest,
  unitOf,
  type Subscriber,
} from '../../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { runBilling } from './billing-run.service';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A test app whose clock is noon in New York on `day`. */
async function appOn(day: string): Promise<TestApp> {
  t = await createTestApp({ start: new Date(`${day}T17:00:00Z`) });
  return t;
}

/** Subscribes a new unit of `deviceType` (4: a pro unit, plan tenant 6) to a tenant's plan. */
async function subscribeTo(
  app: TestApp,
  s: Subscriber,
  {
    tenantId,
    planType,
    pro = false,
  }: { tenantId: number; planType: 'Monthly' | 'Annual'; pro?: boolean },
): Promise<number> {
  const unit = await unitOf(app.ctx, s.user.id, tenantId === 6 ? 4 : 1);
  const plan = { Id: await planId(app.ctx, tenantId, planType, pro), PlanType: planType };
  const response = await injectAs(
    app.app,
    s.token,
    'POST',
    '/api/subscriptions',
    subscriptionRequest(s, unit, plan),
  );
  if (response.statusCode !== 200) throw new Error(`subscribe: ${response.body}`);
  return response.json<{ Id: number }>().Id;
}

const change = async (
  app: TestApp,
  s: Subscriber,
  id: number,
  planType: 'Monthly' | 'Annual' | 'Seasonal',
  {
    tenantId = 2,
    pro = false,
    startDate,
  }: { tenantId?: number; pro?: boolean; startDate?: string } = {},
) =>
  injectAs(app.app, s.token, 'PUT', `/api/subscriptions/${id}`, {
    billingPlan: {
      Id: await planId(app.ctx, tenantId, planType, pro),
      PlanType: planType,
      ...(startDate && { StartDate: startDate }),
    },
  });

/** The subscription's charges, oldest first, as [period start, amount] (any not paid is named). */
async function paidPeriods(app: TestApp, id: number): Promise<(string | number)[][]> {
  const rows = await app.ctx.db
    .selectFrom('charges')
    .select([
      sql<string>`to_char(period_start, 'YYYY-MM-DD')`.as('period_start'),
      'amount_cents',
      'status',
    ])
    .where('subscription_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    row.status === 'succeeded'
      ? [row.period_start, row.amount_cents]
      : [row.period_start, row.amount_cents, row.status],
  );
}

/** Runs the billing twice a day (noon and 23:30 in New York) for `days` days from the clock's day. */
async function runDaily(app: TestApp, days: number): Promise<void> {
  for (let day = 0; day < days; day += 1) {
    await runBilling(app.ctx);
    app.advanceTime(11.5 * 60 * 60 * 1000);
    await runBilling(app.ctx);
    app.advanceTime(DAY - 11.5 * 60 * 60 * 1000);
  }
}

describe('plan changes are billed (issue #22 finding 5)', () => {
  it('accounts-devices-billing §4: a Monthly → Seasonal change on the first day of a paid period is billed', async () => {
    const app = await appOn('2026-11-22');
    const s = await createSubscriber(app);
    const id = await subscribe(app, s, 'Monthly');
    const response = await change(app, s, id, 'Seasonal');
    expect(response.statusCode).toBe(200);
    // The season starts today, so the month paid today (November 22 – December 21) goes unused:
    // all its $9.95 is credited.
    expect(response.json()).toMatchObject({
      SubscriptionType: 'Seasonal',
      PaymentStartDate: '2026-11-22',
      EndDate: '2027-05-21',
      NextBillingDate: '2027-11-22',
      Credit: '9.95',
    });
    // A year of billing runs: next year's season is charged once, in full.
    await runDaily(app, 366);
    expect(await paidPeriods(app, id)).toEqual([
      ['2026-11-22', 995],
      ['2026-11-22', 5370 - 995],
      ['2027-11-22', 5370],
    ]);
  });
});

/** The subscription's invoices, oldest first, as [term, period start, subtotal, credit lines]. */
async function invoicedPeriods(app: TestApp, id: number) {
  const rows = await app.ctx.db
    .selectFrom('invoices')
    .select([
      'term',
      sql<string>`to_char(period_start, 'YYYY-MM-DD')`.as('period_start'),
      'subtotal_cents',
      'lines',
    ])
    .where('subscription_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) => [
    row.term,
    row.period_start,
    row.subtotal_cents,
    row.lines.filter((line) => line.amountCents < 0).map((line) => line.amountCents),
  ]);
}

describe("plan changes of billed customers are invoiced (issue #22 finding 5's twin, decision 058)", () => {
  it('accounts-devices-billing §4, §6: a Monthly → Seasonal change on the day of a monthly invoice gets its own invoice, the unused month credited on it', async () => {
    const app = await appOn('2026-11-22');
    const billed = await createSubscriber(app, { billingType: 1, apContact: 'ap@example.com' });
    const unit = await unitOf(app.ctx, billed.user.id, 7);
    const saved = await injectAs(
      app.app,
      billed.token,
      'POST',
      '/api/subscriptions',
      subscriptionRequest(billed, unit, {
        Id: await planId(app.ctx, 6, 'Monthly'),
        PlanType: 'Monthly',
      }),
    );
    expect(saved.statusCode).toBe(200);
    const id = saved.json<{ Id: number }>().Id;
    await runBilling(app.ctx);
    expect(await invoicedPeriods(app, id)).toEqual([[1, '2026-11-22', 995, []]]);

    const response = await change(app, billed, id, 'Seasonal', { tenantId: 6 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      SubscriptionType: 'Seasonal',
      PaymentStartDate: '2026-11-22',
      NextBillingDate: '2027-11-22',
      Credit: '9.95',
    });
    // Invoiced at once, as a card is charged at once; the unused month is a line off it.
    expect(await invoicedPeriods(app, id)).toEqual([
      [1, '2026-11-22', 995, []],
      [2, '2026-11-22', 5370 - 995, [-995]],
    ]);
    // A year of billing runs: next year's season is invoiced once, in full.
    await runDaily(app, 366);
    expect(await invoicedPeriods(app, id)).toEqual([
      [1, '2026-11-22', 995, []],
      [2, '2026-11-22', 5370 - 995, [-995]],
      [2, '2027-11-22', 5370, []],
    ]);
    const mail = await app.ctx.db
      .selectFrom('deliveries')
      .select('body')
      .where('kind', '=', 'invoice')
      .where('user_id', '=', billed.user.id)
      .orderBy('id')
      .execute();
    expect(mail[1]?.body).toContain('Credit for unused days of your previous plan: -$9.95');
  });
});

describe('every plan change is billed over the years after it (issue #22 finding 5, decision 054)', () => {
  // One fleet, one clock: the changes are made on their days, then the billing runs twice a day
  // from November 22, 2026 to March 2, 2028.
  let app: TestApp;
  let s: Subscriber;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await createTestApp({ start: new Date('2026-11-22T17:00:00Z') });
    s = await createSubscriber(app);
  });
  afterAll(() => app.close());

  it('accounts-devices-billing §4: Annual → Monthly starts at the next billing date, nothing credited', async () => {
    ids.annualToMonthly = await subscribe(app, s, 'Annual');
    const response = await change(app, s, ids.annualToMonthly, 'Monthly');
    expect(response.json()).toMatchObject({
      PaymentStartDate: '2027-11-22',
      NextBillingDate: '2027-11-22',
      Credit: '0.00',
    });
  });

  it('accounts-devices-billing §4, §9: Annual → Seasonal today credits the paid year; what the season does not use waits for the next', async () => {
    ids.annualToSeasonal = await subscribe(app, s, 'Annual');
    const response = await change(app, s, ids.annualToSeasonal, 'Seasonal');
    // November 22 to November 21 at $8.25 a month: the $99.00 paid; the season costs $53.70.
    expect(response.json()).toMatchObject({
      PaymentStartDate: '2026-11-22',
      NextBillingDate: '2027-11-22',
      Credit: '99.00',
    });
    const row = await app.ctx.db
      .selectFrom('subscriptions')
      .select('credit_cents')
      .where('id', '=', ids.annualToSeasonal)
      .executeTakeFirstOrThrow();
    expect(row.credit_cents).toBe(9900 - 5370);
  });

  it('accounts-devices-billing §4 promoted free months: a free first month credits nothing to the plan after it', async () => {
    ids.proMonthlyToSeasonal = await subscribeTo(app, s, {
      tenantId: 6,
      planType: 'Monthly',
      pro: true,
    });
    const response = await change(app, s, ids.proMonthlyToSeasonal, 'Seasonal', { tenantId: 6 });
    expect(response.json()).toMatchObject({ NextBillingDate: '2027-11-22', Credit: '0.00' });
  });

  it('accounts-devices-billing §4 promoted free months: Monthly → a pro Annual with a free month before it bills a month after its start', async () => {
    ids.monthlyToProAnnual = await subscribeTo(app, s, { tenantId: 6, planType: 'Monthly' });
    const response = await change(app, s, ids.monthlyToProAnnual, 'Annual', {
      tenantId: 6,
      pro: true,
    });
    expect(response.json()).toMatchObject({
      PaymentStartDate: '2026-12-22',
      NextBillingDate: '2027-01-22',
      Credit: '0.00',
    });
  });

  it('accounts-devices-billing §4: Monthly → Annual mid-period starts the day after the paid month', async () => {
    ids.seasonalToMonthly = await subscribe(app, s, 'Seasonal', { startDate: '2027-01-01' });
    ids.monthlyToAnnual = await subscribe(app, s, 'Monthly');
    await runDaily(app, 10);
    s.token = await signIn(app.app, s.user);
    const response = await change(app, s, ids.monthlyToAnnual, 'Annual');
    expect(response.json()).toMatchObject({
      PaymentStartDate: '2026-12-22',
      NextBillingDate: '2026-12-22',
      Credit: '0.00',
    });
  });

  it('accounts-devices-billing §4: Seasonal → Monthly outside the season starts at the next season, the past season credits nothing', async () => {
    // December 2 to August 2: the season of January to June 2027 is charged and over.
    await runDaily(app, 243);
    s.token = await signIn(app.app, s.user);
    const response = await change(app, s, ids.seasonalToMonthly!, 'Monthly');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      PaymentStartDate: '2028-01-01',
      NextBillingDate: '2028-01-01',
      Credit: '0.00',
    });
  });

  it('accounts-devices-billing §9, decision 054: Seasonal → Annual after the season credits nothing, the paid year went to the season already', async () => {
    const back = await change(app, s, ids.annualToSeasonal!, 'Annual');
    expect(back.json()).toMatchObject({
      PaymentStartDate: '2027-08-02',
      NextBillingDate: '2028-08-02',
      Credit: '0.00',
    });
  });

  it('charges every period after each change exactly once, at the plan price less the credit (accounts-devices-billing §4, §9; decision 036)', async () => {
    // August 2, 2027 to March 2, 2028.
    await runDaily(app, 213);
    const periods = Object.fromEntries(
      await Promise.all(
        Object.entries(ids).map(async ([name, id]) => [name, await paidPeriods(app, id)]),
      ),
    );
    expect(periods).toEqual({
      annualToMonthly: [
        ['2026-11-22', 9900],
        ['2027-11-22', 995],
        ['2027-12-22', 995],
        ['2028-01-22', 995],
        ['2028-02-22', 995],
      ],
      // The season of 2026 paid wholly by the credit, the rest of it off the Annual plan after.
      annualToSeasonal: [
        ['2026-11-22', 9900],
        ['2026-11-22', 0],
        ['2027-08-02', 9900 - (9900 - 5370)],
      ],
      proMonthlyToSeasonal: [
        ['2026-11-22', 0],
        ['2026-11-22', 5370],
        ['2027-11-22', 5370],
      ],
      monthlyToProAnnual: [
        ['2026-11-22', 995],
        ['2027-01-22', 9900],
        ['2028-01-22', 9900],
      ],
      seasonalToMonthly: [
        ['2027-01-01', 5370],
        ['2028-01-01', 995],
        ['2028-02-01', 995],
        ['2028-03-01', 995],
      ],
      monthlyToAnnual: [
        ['2026-11-22', 995],
        ['2026-12-22', 9900],
        ['2027-12-22', 9900],
      ],
    });
    const credits = await app.ctx.db
      .selectFrom('subscriptions')
      .select('credit_cents')
      .where('id', '=', ids.annualToSeasonal!)
      .executeTakeFirstOrThrow();
    expect(credits.credit_cents).toBe(0);
  });
});
