import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/helpers/admin-cli';
import { createDueSubscription } from '../../test/helpers/billing-fixtures';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { runBilling } from '../modules/billing/billing-run.service';
import { openDatabase } from '../platform/database/database';
import { migrate } from '../platform/database/migrate';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

/**
 * `npm run admin -- audit-billing [--as-of YYYY-MM-DD]` (decision 057): the report on standard
 * output and exit 0 when the ledger is clean; each finding on a line and a summary, on standard
 * error, and exit 1 when it is not (a refusal, as the CLI prints every command's).
 */
describe('the audit-billing command (decision 057)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Noon in New York on March 3, 2027.
    t = await createTestApp({ start: new Date('2027-03-03T17:00:00Z') });
  });
  afterAll(() => t.close());

  const admin = (...argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });
  /** The command's output, or its refusal's message. */
  const report = (...argv: string[]) =>
    admin(...argv).then(
      (output) => ({ isClean: true, text: output }),
      (error: unknown) => {
        if (!(error instanceof UsageError)) throw error;
        return { isClean: false, text: error.message };
      },
    );

  it('reads its --as-of day and refuses anything else on its line', () => {
    expect(parseAdminCommand(['audit-billing'])).toEqual({
      name: 'audit-billing',
      asOf: undefined,
    });
    expect(parseAdminCommand(['audit-billing', '--as-of', '2027-03-01'])).toEqual({
      name: 'audit-billing',
      asOf: '2027-03-01',
    });
    expect(() => parseAdminCommand(['audit-billing', '--as-of', 'March'])).toThrow(
      '--as-of: must be a date such as 2026-12-01',
    );
    expect(() => parseAdminCommand(['audit-billing', '7'])).toThrow('Unexpected argument: 7');
  });

  it('says a ledger the billing run made has no findings, and succeeds (accounts-devices-billing §4; decision 036)', async () => {
    await createDueSubscription(t.ctx, { nextBillingDate: '2027-03-03' });
    await runBilling(t.ctx);
    expect(await report('audit-billing')).toEqual({
      isClean: true,
      text: 'Billing audit as of 2027-03-03: no findings.',
    });
  });

  it('lists a subscription broken by hand, one finding a line with a summary, and fails (issue #22 finding 5)', async () => {
    const broken = await createDueSubscription(t.ctx, { nextBillingDate: '2027-03-03' });
    await runBilling(t.ctx);
    // The next billing date moved a month on without a charge, and a pucks' part without pucks.
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ next_billing_date: '2027-05-03', puck_monthly_cents: 300, billing_amount_cents: 2775 })
      .where('id', '=', broken.subscriptionId)
      .execute();
    const { isClean, text } = await report('audit-billing');
    expect(isClean).toBe(false);
    expect(text.split('\n')).toEqual([
      `recurring-amount subscription ${broken.subscriptionId} user ${broken.userId}: pucks' part of the monthly amount is $3.00, but its unit has 0 paid puck(s): $0.00`,
      expect.stringMatching(
        new RegExp(
          `^period-skipped subscription ${broken.subscriptionId} user ${broken.userId}: last charge #\\d+ billed 2027-03-03\\.\\.2027-04-02, so the next billing date should be 2027-04-03, not 2027-05-03$`,
        ),
      ),
      'Billing audit as of 2027-03-03: 2 finding(s) — recurring-amount 1, period-skipped 1.',
    ]);
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ next_billing_date: '2027-04-03', puck_monthly_cents: 0, billing_amount_cents: 2475 })
      .where('id', '=', broken.subscriptionId)
      .execute();
    expect((await report('audit-billing')).isClean).toBe(true);
  });

  it('judges an overdue period as of the day given (decision 036 hourly run)', async () => {
    const late = await createDueSubscription(t.ctx, { nextBillingDate: '2027-03-20' });
    expect(await report('audit-billing', '--as-of', '2027-03-21')).toMatchObject({
      isClean: true,
    });
    expect((await report('audit-billing', '--as-of', '2027-03-22')).text).toContain(
      `period-overdue subscription ${late.subscriptionId} user ${late.userId}: Active card subscription was due 2027-03-20 and is still not billed on 2027-03-22`,
    );
  });
});

describe('npm run admin -- audit-billing exits with what it found (decision 057, CI)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'monitor-audit-billing-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 0 on a database with nothing wrong, and 1 listing a subscription left unbilled', async () => {
    const clean = await runCli(['audit-billing', '--as-of', '2027-03-03'], dataDir);
    expect(clean).toEqual({
      code: 0,
      stdout: 'Billing audit as of 2027-03-03: no findings.\n',
      stderr: '',
    });

    const database = await openDatabase({ dataDir });
    try {
      await migrate(database.db);
      const user = await database.db
        .insertInto('users')
        .values({
          first_name: 'Olive',
          last_name: 'Owner',
          email_address: 'olive@example.com',
          password_hash: 'x',
          tenant_id: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          plan_type: 'Monthly',
          billing_amount_cents: 995,
          billing_frequency: 1,
          payment_kind: 'card',
          status: 'Active',
          start_date: '2027-01-10',
          next_billing_date: '2027-01-10',
        })
        .execute();
    } finally {
      await database.close();
    }
    const broken = await runCli(['audit-billing', '--as-of', '2027-03-03'], dataDir);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toContain(
      'period-overdue subscription 1 user 1: Active card subscription was due 2027-01-10 and is still not billed on 2027-03-03',
    );
    expect(broken.stderr).toContain(
      'Billing audit as of 2027-03-03: 1 finding(s) — period-overdue 1.',
    );
  }, 120_000);
});
