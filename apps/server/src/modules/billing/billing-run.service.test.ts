import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createDueSubscription } from '../../../test/helpers/billing-fixtures';
import { createUser } from '../../../test/helpers/factories';
import { loadConfig } from '../../platform/config/config';
import { openDatabase } from '../../platform/database/database';
import { createContext, type RunningContext } from '../../create-context';
import { parseAdminCommand, runAdminCommand, UsageError } from '../../admin/commands';
import { PaymentProcessorUnavailable } from '../../adapters/payments/payment-processor';
import { runBilling } from './billing-run.service';
import { runBillingLogged, type JobLog } from './billing-run.job';
import { PENDING_CHARGE_STALE_MS } from './subscription-charges.service';
import { createLogger } from '../../platform/config/logger';

const DAY = 24 * 60 * 60 * 1000;

const chargesOf = (t: TestApp, subscriptionId: number) =>
  t.ctx.db
    .selectFrom('charges')
    .select(['id', 'status', 'amount_cents', 'kind', 'refunded_cents'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute();

describe('the billing run (decision 036)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Noon in New York on November 1.
    t = await createTestApp({ start: new Date('2026-11-01T17:00:00Z') });
  });
  afterAll(() => t.close());

  it('a month of daily runs charges each subscription of a mixed fleet the right number of times (accounts-devices-billing §4)', async () => {
    const fleet = {
      monthlyFirst: await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-01' }),
      monthlyOverdue: await createDueSubscription(t.ctx, { nextBillingDate: '2026-10-31' }),
      monthlyMid: await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-15' }),
      monthlyLate: await createDueSubscription(t.ctx, { nextBillingDate: '2026-12-02' }),
      annual: await createDueSubscription(t.ctx, {
        planType: 'Annual',
        nextBillingDate: '2026-11-10',
      }),
      seasonal: await createDueSubscription(t.ctx, {
        planType: 'Seasonal',
        nextBillingDate: '2026-11-20',
      }),
    };
    // November 1 to December 1, one run at noon and one at 23:30 in New York each day.
    for (let day = 0; day <= 30; day += 1) {
      await runBilling(t.ctx);
      t.advanceTime(11.5 * 60 * 60 * 1000);
      await runBilling(t.ctx);
      t.advanceTime(DAY - 11.5 * 60 * 60 * 1000);
    }
    const counts = Object.fromEntries(
      await Promise.all(
        Object.entries(fleet).map(async ([name, s]) => [
          name,
          (await chargesOf(t, s.subscriptionId)).filter((c) => c.status === 'succeeded').length,
        ]),
      ),
    );
    expect(counts).toEqual({
      monthlyFirst: 2, // November 1, December 1
      monthlyOverdue: 2, // October 31 (on November 1), November 30
      monthlyMid: 1,
      monthlyLate: 0,
      annual: 1,
      seasonal: 1,
    });
  });

  it('invoices a billed customer once per period, to the AP contact, net 30 (accounts-devices-billing §5)', async () => {
    const owner = await createUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ billing_type: 1, ap_contact_email: 'ap@example.com', company_name: 'Acme Farms' })
      .where('id', '=', owner.id)
      .execute();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      t.ctx.now(),
    );
    const s = await createDueSubscription(t.ctx, {
      userId: owner.id,
      paymentKind: 'invoice',
      planType: 'Annual',
      billingAmountCents: 1000,
      nextBillingDate: today,
    });
    const [first, second] = [await runBilling(t.ctx), await runBilling(t.ctx)];
    expect(first.invoiced).toBe(1);
    expect(second.invoiced).toBe(0);
    const invoices = await t.ctx.db
      .selectFrom('invoices')
      .select([
        'invoice_number',
        'total_cents',
        sql<string>`to_char(due_on - issued_on, 'FM999')`.as('net_days'),
        'delivery_id',
      ])
      .where('subscription_id', '=', s.subscriptionId)
      .execute();
    expect(invoices).toHaveLength(1);
    expect(Number(invoices[0]!.invoice_number)).toBeGreaterThanOrEqual(100001);
    expect(invoices[0]).toMatchObject({ total_cents: 12_000, net_days: '30' });
    const mail = await t.ctx.db
      .selectFrom('deliveries')
      .select(['kind', 'address', 'subject'])
      .where('id', '=', invoices[0]!.delivery_id!)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'invoice', address: 'ap@example.com' });
    expect(mail.subject).toContain(`Invoice ${invoices[0]!.invoice_number}`);
    expect(await chargesOf(t, s.subscriptionId)).toEqual([]);
  });

  it('one subscription failing (the processor unreachable) never stops the run; a later run settles it by lookup (decision 036)', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      t.ctx.now(),
    );
    const down = await createDueSubscription(t.ctx, { nextBillingDate: today });
    const fine = await createDueSubscription(t.ctx, { nextBillingDate: today });
    const outage = {
      ...t.ctx,
      payments: {
        ...t.ctx.payments,
        sale: (input: Parameters<typeof t.ctx.payments.sale>[0]) =>
          input.orderId.startsWith(`subscription:${down.subscriptionId}:`)
            ? Promise.reject(new PaymentProcessorUnavailable('connect ETIMEDOUT'))
            : t.ctx.payments.sale(input),
      },
    };
    const logged: { level: string; fields: object; message: string }[] = [];
    const log: JobLog = {
      info: (fields: object, message: string) => logged.push({ level: 'info', fields, message }),
      error: (fields: object, message: string) => logged.push({ level: 'error', fields, message }),
    };
    const summary = await runBillingLogged(outage, log);
    expect(summary.failed).toEqual([
      { subscriptionId: down.subscriptionId, message: 'connect ETIMEDOUT' },
    ]);
    // The operator sees the failure and why, not only a count (issue #22).
    expect(logged).toEqual([
      {
        level: 'error',
        fields: {
          job: 'billing-run',
          subscriptionId: down.subscriptionId,
          reason: 'connect ETIMEDOUT',
        },
        message: 'billing run: a subscription could not be billed; the next run tries it again',
      },
      {
        level: 'info',
        fields: expect.objectContaining({ job: 'billing-run', charged: 1, failed: 1 }),
        message: 'billing run done',
      },
    ]);
    expect((await chargesOf(t, fine.subscriptionId)).map((c) => c.status)).toEqual(['succeeded']);
    expect((await chargesOf(t, down.subscriptionId)).map((c) => c.status)).toEqual(['pending']);
    // And counts them for the metrics (issue #26).
    const scraped = await t.ctx.metrics.scrape();
    expect(scraped).toMatch(/^monitor_billing_charges_total\{outcome="charged"\} 1$/m);
    expect(scraped).toMatch(/^monitor_billing_charges_total\{outcome="failed"\} 1$/m);
    t.advanceTime(PENDING_CHARGE_STALE_MS + 60_000);
    await runBilling(t.ctx);
    // The processor never saw the first key: that row is closed and a fresh attempt charged.
    expect((await chargesOf(t, down.subscriptionId)).map((c) => c.status)).toEqual([
      'declined',
      'succeeded',
    ]);
  });

  it('admin commands run the billing as of a day, list a user and refund part, then the rest, never more (decision 036)', async () => {
    const s = await createDueSubscription(t.ctx, { nextBillingDate: '2027-01-15' });
    const admin = (...argv: string[]) =>
      runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });
    expect(await admin('run-billing', '--as-of', '2027-01-14')).toContain(
      'Billing run as of 2027-01-14',
    );
    expect(await chargesOf(t, s.subscriptionId)).toEqual([]);
    expect(await admin('run-billing', '--as-of', '2027-01-15')).toMatch(/[1-9]\d* charged/);
    const [charge] = await chargesOf(t, s.subscriptionId);
    expect(charge).toMatchObject({ status: 'succeeded', amount_cents: 2475 });
    const listed = await admin('list-billing', '--user', String(s.userId));
    expect(listed).toContain(`#${s.subscriptionId} device ${s.userDeviceId} Monthly`);
    expect(listed).toContain(`#${charge!.id} subscription $24.75 succeeded`);

    expect(await admin('refund-charge', String(charge!.id), '--amount', '10.00')).toContain(
      '$14.75 left',
    );
    await expect(admin('refund-charge', String(charge!.id), '--amount', '15.00')).rejects.toThrow(
      UsageError,
    );
    expect(await admin('refund-charge', String(charge!.id))).toContain('Refunded $14.75');
    const rows = await chargesOf(t, s.subscriptionId);
    expect(rows.map((row) => [row.kind, row.status, row.amount_cents, row.refunded_cents])).toEqual(
      [
        ['subscription', 'refunded', 2475, 2475],
        ['refund', 'succeeded', 1000, 0],
        ['refund', 'succeeded', 1475, 0],
      ],
    );
    await expect(admin('refund-charge', String(charge!.id), '--amount', '0.01')).rejects.toThrow(
      UsageError,
    );
    // Each refund that moved money is in the audit log, by a command (issue #22).
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'detail'])
      .where('action', '=', 'billing.refund')
      .orderBy('id')
      .execute();
    expect(
      audit.map((event) => [event.actor_id, event.detail.chargeId, event.detail.amountCents]),
    ).toEqual([
      [null, charge!.id, 1000],
      [null, charge!.id, 1475],
    ]);
  });
});

/**
 * Two server processes on one PostgreSQL database (docs/scaling.md) running the billing at the
 * same moment: two contexts with their own connection pools and job queues on one schema.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'two processes running the billing at once charge each period once (decision 036)',
  () => {
    let t: TestApp;
    let other: RunningContext;
    beforeAll(async () => {
      t = await createTestApp({ start: new Date('2026-11-01T17:00:00Z') });
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        t.ctx.db,
      );
      const schema = rows[0]!.schema;
      const url = process.env.DATABASE_URL!;
      other = await createContext(
        { ...loadConfig({}), databaseUrl: url, publicUrl: 'http://localhost:3000' },
        {
          database: await openDatabase({ url, searchPath: schema }),
          jobSchema: schema.replace(/^test_/, 'jobs_'),
          log: createLogger('silent'),
          now: t.ctx.now,
        },
      );
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    it('charges 40 due subscriptions once each', async () => {
      const fleet = [];
      for (let i = 0; i < 40; i += 1) {
        fleet.push(await createDueSubscription(t.ctx, { nextBillingDate: '2026-11-01' }));
      }
      const [a, b] = await Promise.all([
        runBilling(t.ctx, { batchSize: 7, parallel: 4 }),
        runBilling(other.ctx, { batchSize: 7, parallel: 4 }),
      ]);
      expect(a.failed).toEqual([]);
      expect(b.failed).toEqual([]);
      expect(a.charged + b.charged).toBe(40);
      const sales = await t.ctx.db
        .selectFrom('local_processor_transactions')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('type', '=', 'sale')
        .executeTakeFirstOrThrow();
      expect(sales.count).toBe(40);
      for (const s of fleet) {
        expect((await chargesOf(t, s.subscriptionId)).map((c) => c.status)).toEqual(['succeeded']);
      }
    });
  },
);
