import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openBareDriver, type BareDriver } from './bare-driver';
import { captureContext, echoAnswers } from './product-context';
import { replay, type Script } from './product-sql';
import { alternate, formatRatio, freshDatabase } from './support';
import { chargeSubscriptionPeriod } from '../apps/server/src/modules/billing/subscription-charges.service';
import { findDueSubscriptions } from '../apps/server/src/modules/billing/billing-run.repository';
import {
  BILLING_RUN_BATCH,
  BILLING_RUN_PARALLEL,
} from '../apps/server/src/modules/billing/billing-run.service';

/**
 * The billing run (decision 036) over due Monthly card subscriptions on the local processor, made
 * by the operator's command (`npm run admin -- run-billing`, the code the hourly job runs):
 * charges per second, the command's own start (a run with nothing due, in the same round) taken off.
 * In the same run, on the same database, two baselines charge subscriptions of their own:
 * - fair baseline (same statements, bare driver): each charge's own statements — the
 *   subscription, the period's charges, the pending row, the local processor's sale, the
 *   settlement with the subscription's dates and the receipt's outbox row and job — as the
 *   product's code sends them (captured from `chargeSubscriptionPeriod` on a recording database,
 *   product-context.ts), replayed through a `pg` pool or PGlite's own `query`, 8 side by side and
 *   one batch read per 200 as the run does;
 * - floor (bare INSERT): one INSERT of the settled charge row per subscription, then taken out.
 * The three alternate in rounds, each side warmed first where it can be (the command is a process
 * of its own per round: its warm-up is part of what it costs). Each round checks the work was
 * done: every subscription charged once, each with its receipt queued.
 */
const COUNT = Number(process.env.BILLING_BENCH_COUNT ?? 4_000);
const ROUNDS = 4;
const WARM_UP = 40;
const PER_ROUND = Math.ceil(COUNT / ROUNDS);

type Where = { dataDir: string; databaseUrl?: string | undefined };

/** Runs `run-billing` and answers its seconds and its summary line. */
async function runBillingCommand({ dataDir, databaseUrl }: Where) {
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

/** The payer, with one vaulted card on the local processor. */
async function addPayer(bare: BareDriver): Promise<number> {
  const { rows } =
    await bare.query(`INSERT INTO users (first_name, last_name, email_address, password_hash, tenant_id)
    VALUES ('Bench', 'Payer', 'bench-payer@example.com', 'x', 2) RETURNING id`);
  await bare.query(`INSERT INTO local_processor_customers (id, first_name, last_name, email, created_at)
    VALUES ('bench-customer', 'Bench', 'Payer', 'bench-payer@example.com', now())`);
  await bare.query(`INSERT INTO local_processor_payment_methods
      (token, customer_id, card_type, last4, expiration_month, expiration_year, created_at)
    VALUES ('bench-card', 'bench-customer', 'Visa', '1111', 12, 2030, now())`);
  return rows[0]!.id as number;
}

/** `count` Monthly card subscriptions due today; answers their ids. */
async function addDueSubscriptions(bare: BareDriver, userId: number, count: number) {
  const { rows } = await bare.query(
    `INSERT INTO subscriptions (user_id, plan_type, billing_amount_cents, billing_frequency,
       payment_kind, status, customer_id, payment_method_token, card_type, card_last4,
       start_date, next_billing_date)
     SELECT $1, 'Monthly', 2475, 1, 'card', 'Active', 'bench-customer', 'bench-card', 'Visa',
       '1111', $2, $2
     FROM generate_series(1, $3::integer) RETURNING id`,
    [userId, billingToday(), count],
  );
  return rows.map((row) => row.id as number);
}

/** The newest delivery so far: receipts queued after it are the next work's. */
const lastDelivery = async (bare: BareDriver) =>
  (await bare.query(`SELECT coalesce(max(id), 0)::integer AS id FROM deliveries`)).rows[0]!
    .id as number;

/** The charging really happened: each subscription one paid charge, each with its receipt queued. */
async function checkCharged(
  bare: BareDriver,
  { ids, after, who }: { ids: readonly number[]; after: number; who: string },
) {
  const { rows } = await bare.query(
    `SELECT
       (SELECT count(*)::integer FROM charges
        WHERE subscription_id = ANY($1::integer[]) AND status = 'succeeded') AS charged,
       (SELECT count(*)::integer FROM subscriptions
        WHERE id = ANY($1::integer[]) AND next_billing_date > $2::date) AS moved,
       (SELECT count(*)::integer FROM deliveries
        WHERE kind = 'payment-receipt' AND id > $3) AS receipts`,
    [ids, billingToday(), after],
  );
  const { charged, moved, receipts } = rows[0] as Record<string, number>;
  if (charged !== ids.length || moved !== ids.length || receipts !== ids.length)
    throw new Error(
      `billing, ${who}: ${ids.length} subscriptions, but ${charged} charged, ${moved} moved on, ${receipts} receipts queued`,
    );
}

/** Each subscription's charge captured from the product's code, and the batch reads, as scripts. */
async function captureCharges(bare: BareDriver, ids: readonly number[]) {
  const { capture } = await captureContext(echoAnswers(bare));
  const scripts: Script[] = [];
  const batchReads: Script[] = [];
  for (const [index, subscriptionId] of ids.entries()) {
    if (index % BILLING_RUN_BATCH === 0) {
      const read = await capture((ctx) =>
        findDueSubscriptions(ctx.db, {
          today: billingToday(),
          now: ctx.now(),
          afterId: subscriptionId - 1,
          limit: BILLING_RUN_BATCH,
        }),
      );
      batchReads.push(read.script);
    }
    const { script, result } = await capture((ctx) =>
      chargeSubscriptionPeriod(ctx, { subscriptionId }),
    );
    if (result.kind !== 'charged')
      throw new Error(`billing: the captured charge of ${subscriptionId} was ${result.kind}`);
    scripts.push(script);
  }
  return { scripts, batchReads };
}

/** Replays the charges as the run makes them: a batch read per 200, then 8 side by side. */
async function replayCharges(
  bare: BareDriver,
  { scripts, batchReads }: Awaited<ReturnType<typeof captureCharges>>,
) {
  let statements = 0;
  for (let batch = 0; batch * BILLING_RUN_BATCH < scripts.length; batch += 1) {
    statements += await replay(bare, batchReads[batch]!);
    const inBatch = scripts.slice(batch * BILLING_RUN_BATCH, (batch + 1) * BILLING_RUN_BATCH);
    for (let i = 0; i < inBatch.length; i += BILLING_RUN_PARALLEL) {
      const sent = await Promise.all(
        inBatch.slice(i, i + BILLING_RUN_PARALLEL).map((script) => replay(bare, script)),
      );
      statements += sent.reduce((a, b) => a + b, 0);
    }
  }
  return statements;
}

/** The floor: the settled charge row of each subscription, one INSERT each, 8 side by side. */
async function insertChargeRows(bare: BareDriver, ids: readonly number[], userId: number) {
  for (let offset = 0; offset < ids.length; offset += BILLING_RUN_PARALLEL) {
    await Promise.all(
      ids.slice(offset, offset + BILLING_RUN_PARALLEL).map(async (id) => {
        const { rowCount } = await bare.query(
          `INSERT INTO charges (charge_key, user_id, subscription_id, kind, period_start, period_end,
             subtotal_cents, amount_cents, status, card_type, card_last4, settled_at)
           VALUES ($1, $2, $3, 'subscription', $4, $4::date + 30, 2475, 2475, 'succeeded', 'Visa',
             '1111', now())`,
          [`floor:${id}`, userId, id, billingToday()],
        );
        if (rowCount !== 1) throw new Error(`billing, floor: no charge row for ${id}`);
      }),
    );
  }
}

type Tally = { charges: number; seconds: number };
const rate = (t: Tally) => t.charges / t.seconds;

export async function benchBilling(): Promise<void> {
  const database = await freshDatabase();
  const where: Where = {
    dataDir: mkdtempSync(join(tmpdir(), 'monitor-bench-billing-')),
    databaseUrl: database.url,
  };
  const isEmbedded = !database.url;
  // The embedded database admits one process: the bare side is open only between commands.
  let open: BareDriver | undefined;
  const bare = async () => (open ??= await openBareDriver({ ...where, max: 10 }));
  const closeBare = async () => {
    await open?.close();
    open = undefined;
  };
  try {
    // The first run migrates the fresh database.
    await runBillingCommand(where);
    const userId = await addPayer(await bare());
    const product: Tally = { charges: 0, seconds: 0 };
    /** The command's own start, a run with nothing due, measured in each product round. */
    const starts: number[] = [];
    const fair: Tally = { charges: 0, seconds: 0 };
    const floor: Tally = { charges: 0, seconds: 0 };
    let statementsPerCharge = 0;

    const productRound = async () => {
      const ids = await addDueSubscriptions(await bare(), userId, PER_ROUND);
      const after = await lastDelivery(await bare());
      const shift = async (days: number) =>
        (await bare()).query(
          `UPDATE subscriptions SET next_billing_date = next_billing_date + $2::integer
           WHERE id = ANY($1::integer[])`,
          [ids, days],
        );
      // Nothing is due while the subscriptions are a day ahead: that run is the command's start.
      await shift(1);
      if (isEmbedded) await closeBare();
      const empty = await runBillingCommand(where);
      if (!empty.output.includes('0 charged')) throw new Error(`billing: ${empty.output}`);
      await shift(-1);
      if (isEmbedded) await closeBare();
      const run = await runBillingCommand(where);
      if (!run.output.includes(`${PER_ROUND} charged`) || !run.output.includes('0 failed'))
        throw new Error(`billing: the run did not charge all ${PER_ROUND}: ${run.output}`);
      await checkCharged(await bare(), { ids, after, who: 'run-billing' });
      product.charges += PER_ROUND;
      product.seconds += run.seconds - empty.seconds;
      starts.push(empty.seconds);
    };
    const fairRound = async () => {
      const database = await bare();
      const warm = await captureCharges(
        database,
        await addDueSubscriptions(database, userId, WARM_UP),
      );
      await replayCharges(database, warm);
      const ids = await addDueSubscriptions(database, userId, PER_ROUND);
      const captured = await captureCharges(database, ids);
      const after = await lastDelivery(database);
      const started = performance.now();
      const statements = await replayCharges(database, captured);
      fair.seconds += (performance.now() - started) / 1000;
      fair.charges += PER_ROUND;
      statementsPerCharge = statements / PER_ROUND;
      await checkCharged(database, { ids, after, who: 'fair baseline' });
    };
    const floorRound = async () => {
      const database = await bare();
      const ids = await addDueSubscriptions(database, userId, PER_ROUND + WARM_UP);
      await insertChargeRows(database, ids.slice(0, WARM_UP), userId);
      const started = performance.now();
      await insertChargeRows(database, ids.slice(WARM_UP), userId);
      floor.seconds += (performance.now() - started) / 1000;
      floor.charges += PER_ROUND;
      // Out again, so the command's run finds only its own subscriptions due.
      await database.query(`DELETE FROM charges WHERE charge_key LIKE 'floor:%'`);
      await database.query(`DELETE FROM subscriptions WHERE id = ANY($1::integer[])`, [ids]);
    };
    await alternate(ROUNDS, [productRound, fairRound, floorRound]);

    console.log(
      `billing (${isEmbedded ? 'embedded' : 'PostgreSQL'}): ${PER_ROUND * ROUNDS} due card subscriptions a side in ${ROUNDS} alternating rounds, 8 charges side by side, each checked charged once with its receipt queued`,
    );
    console.log(
      `  run-billing: ${rate(product).toFixed(0)} charges/s (${product.seconds.toFixed(1)} s, each round less the command's start measured in it: ${starts.map((s) => s.toFixed(1)).join(', ')} s)`,
    );
    console.log(
      `  fair baseline (same statements, bare driver; ${statementsPerCharge.toFixed(1)} statements a charge): ${rate(fair).toFixed(0)} charges/s; ratio ${formatRatio(rate(product) / rate(fair))}`,
    );
    console.log(
      `  floor (bare INSERT of the charge row): ${rate(floor).toFixed(0)} rows/s; ratio ${formatRatio(rate(product) / rate(floor))}`,
    );
  } finally {
    await closeBare().catch(() => undefined);
    await database.drop();
  }
}
