import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { formatRatio, freshDatabase } from './support';

/**
 * The billing run (decision 036) over 10,000 due card subscriptions on the local processor, made
 * by the operator's command (`npm run admin -- run-billing`, the same code the hourly job runs):
 * charges per second, as a ratio to bare inserts of the same charge rows (one statement each) on
 * the same database in the same run. The command's own start (a run with nothing due) is
 * measured too and taken off. The ratio is what charging once costs beside writing the row: the
 * pending row, the processor's sale, the settlement with the subscription's dates and the
 * receipt's outbox row and job, per charge.
 */
const COUNT = Number(process.env.BILLING_BENCH_COUNT ?? 10_000);
const PARALLEL = 8;

type Bare = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
};

async function openBare(dataDir: string, databaseUrl?: string): Promise<Bare> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: PARALLEL });
    pool.on('error', () => undefined);
    return { query: (text, values) => pool.query(text, values), close: () => pool.end() };
  }
  const db = await PGlite.create(dataDir);
  return { query: (text, values) => db.query(text, values), close: () => db.close() };
}

/** Runs `run-billing` and answers its seconds and its summary line. */
async function runBillingCommand(dataDir: string, databaseUrl?: string) {
  const start = performance.now();
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'admin', '--', 'run-billing'],
    {
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        LOG_LEVEL: 'warn',
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { seconds: (performance.now() - start) / 1000, output: stdout.trim() };
}

/** Today as the billing run counts days: the calendar day in New York. */
const billingToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

export async function benchBilling(): Promise<void> {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-billing-'));
  try {
    // The first run migrates the fresh database; the second measures the command's own start.
    await runBillingCommand(dataDir, database.url);
    const empty = await runBillingCommand(dataDir, database.url);
    const today = billingToday();
    const bare = await openBare(dataDir, database.url);
    try {
      await bare.query(`INSERT INTO users (first_name, last_name, email_address, password_hash, tenant_id)
        VALUES ('Bench', 'Payer', 'bench-payer@example.com', 'x', 2)`);
      await bare.query(`INSERT INTO local_processor_customers (id, first_name, last_name, email, created_at)
        VALUES ('bench-customer', 'Bench', 'Payer', 'bench-payer@example.com', now())`);
      await bare.query(`INSERT INTO local_processor_payment_methods
          (token, customer_id, card_type, last4, expiration_month, expiration_year, created_at)
        VALUES ('bench-card', 'bench-customer', 'Visa', '1111', 12, 2030, now())`);
      await bare.query(
        `INSERT INTO subscriptions (user_id, plan_type, billing_amount_cents, billing_frequency,
           payment_kind, status, customer_id, payment_method_token, card_type, card_last4,
           start_date, next_billing_date)
         SELECT (SELECT id FROM users WHERE email_address = 'bench-payer@example.com'), 'Monthly',
           2475, 1, 'card', 'Active', 'bench-customer', 'bench-card', 'Visa', '1111', $1, $1
         FROM generate_series(1, ${COUNT})`,
        [today],
      );

      // Baseline: the same rows, inserted bare one statement each, then taken out again.
      const { rows } = await bare.query(`SELECT id, user_id FROM subscriptions ORDER BY id`);
      const subscriptions = rows as { id: number; user_id: number }[];
      const bareStart = performance.now();
      for (let offset = 0; offset < COUNT; offset += PARALLEL) {
        await Promise.all(
          subscriptions.slice(offset, offset + PARALLEL).map((s) =>
            bare.query(
              `INSERT INTO charges (charge_key, user_id, subscription_id, kind, period_start, period_end,
                 subtotal_cents, amount_cents, status, card_type, card_last4, settled_at)
               VALUES ($1, $2, $3, 'subscription', $4, $4::date + 30, 2475, 2475, 'succeeded', 'Visa',
                 '1111', now())`,
              [`bare:${s.id}`, s.user_id, s.id, today],
            ),
          ),
        );
      }
      const bareSeconds = (performance.now() - bareStart) / 1000;
      await bare.query(`DELETE FROM charges`);

      await bare.close();
      const run = await runBillingCommand(dataDir, database.url);
      if (!run.output.includes(`${COUNT} charged`) || !run.output.includes('0 failed')) {
        throw new Error(`bench: the run did not charge all ${COUNT}: ${run.output}`);
      }
      const runSeconds = run.seconds - empty.seconds;
      const runRate = COUNT / runSeconds;
      const bareRate = COUNT / bareSeconds;
      console.log(
        `billing (${database.url ? 'PostgreSQL' : 'embedded'}): run-billing ${runRate.toFixed(0)} charges/s over ${COUNT} due subscriptions ` +
          `(${runSeconds.toFixed(1)} s after the command's ${empty.seconds.toFixed(1)} s start); ` +
          `bare inserts ${bareRate.toFixed(0)} rows/s; ratio ${formatRatio(runRate / bareRate)}`,
      );
    } finally {
      await bare.close().catch(() => undefined);
    }
  } finally {
    await database.drop();
  }
}
