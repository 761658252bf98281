import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystemDatabase } from './support/product';

/**
 * Two processes on one PostgreSQL database running the billing at the same moment (decision
 * 036): each runs the operator's `run-billing`, the code the server's hourly job runs, over the
 * same due subscriptions; every period is charged once, at the processor too. The embedded
 * database admits one process, so this needs DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL;
const ROOT = new URL('../..', import.meta.url).pathname;
const DUE = 60;

function runBilling(url: string): Promise<string> {
  return promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'run-billing'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
  }).then(({ stdout }) => stdout.trim());
}

const charged = (output: string) => Number(/(\d+) charged/.exec(output)?.[1] ?? NaN);

describe.skipIf(!serverUrl)(
  'two processes running the billing at once on one PostgreSQL database (decision 036; skipped on the embedded database)',
  () => {
    let database: Awaited<ReturnType<typeof createSystemDatabase>>;
    let db: pg.Client;
    beforeAll(async () => {
      database = await createSystemDatabase(serverUrl!);
      // The first run migrates the fresh database; nothing is due yet.
      expect(charged(await runBilling(database.url))).toBe(0);
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
        new Date(),
      );
      await db.query(`INSERT INTO users (first_name, last_name, email_address, password_hash, tenant_id)
        VALUES ('Twice', 'Billed', 'twice-billed@example.com', 'x', 2)`);
      await db.query(`INSERT INTO local_processor_customers (id, first_name, last_name, email, created_at)
        VALUES ('sys-customer', 'Twice', 'Billed', 'twice-billed@example.com', now())`);
      await db.query(`INSERT INTO local_processor_payment_methods
          (token, customer_id, card_type, last4, expiration_month, expiration_year, created_at)
        VALUES ('sys-card', 'sys-customer', 'Visa', '1111', 12, 2030, now())`);
      await db.query(
        `INSERT INTO subscriptions (user_id, plan_type, billing_amount_cents, billing_frequency,
           payment_kind, status, customer_id, payment_method_token, card_type, card_last4,
           start_date, next_billing_date)
         SELECT (SELECT id FROM users WHERE email_address = 'twice-billed@example.com'), 'Monthly',
           2475, 1, 'card', 'Active', 'sys-customer', 'sys-card', 'Visa', '1111', $1, $1
         FROM generate_series(1, ${DUE})`,
        [today],
      );
    });
    afterAll(async () => {
      await db?.end();
      await database?.drop();
    });

    it('charges each due period once between them', async () => {
      const [a, b] = await Promise.all([runBilling(database.url), runBilling(database.url)]);
      expect(a).toContain('0 failed');
      expect(b).toContain('0 failed');
      expect(charged(a) + charged(b)).toBe(DUE);
      const { rows } = await db.query<{ charges: number; sales: number; advanced: number }>(
        `SELECT
           (SELECT count(*)::int FROM charges WHERE status = 'succeeded') AS charges,
           (SELECT count(*)::int FROM local_processor_transactions WHERE type = 'sale') AS sales,
           (SELECT count(*)::int FROM subscriptions WHERE next_billing_date > start_date) AS advanced`,
      );
      expect(rows[0]).toEqual({ charges: DUE, sales: DUE, advanced: DUE });
      // A third run finds nothing due.
      expect(charged(await runBilling(database.url))).toBe(0);
    });
  },
);
