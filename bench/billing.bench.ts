import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { tokenizeCard } from '../apps/server/src/adapters/payments/local/tokenize';
import { loadConfig } from '../apps/server/src/platform/config/config';
import { createContext } from '../apps/server/src/create-context';
import { runBilling } from '../apps/server/src/modules/billing/billing-run.service';
import { formatRatio, freshDatabase } from './support';

/**
 * The billing run (decision 036) over 10,000 due card subscriptions on the local processor:
 * charges per second, as a ratio to bare inserts of the same charge rows (one statement each,
 * as many side by side as the run charges) on the same database in the same run. The ratio is
 * what the run's once-only design costs: the pending row, the processor's sale, the settlement
 * with the subscription's dates and the receipt's outbox row, per charge.
 */
const COUNT = Number(process.env.BILLING_BENCH_COUNT ?? 10_000);
const PARALLEL = 8;

export async function benchBilling(): Promise<void> {
  const database = await freshDatabase();
  const config = {
    ...loadConfig({}),
    dataDir: mkdtempSync(join(tmpdir(), 'monitor-bench-billing-')),
    databaseUrl: database.url,
  };
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // Noon in New York: the subscriptions below are due today.
  const now = new Date('2026-12-01T17:00:00Z');
  const running = await createContext(config, { log: quiet, now: () => now });
  const { ctx } = running;
  try {
    const user = await ctx.db
      .insertInto('users')
      .values({
        first_name: 'Bench',
        last_name: 'Payer',
        email_address: 'bench-payer@example.com',
        password_hash: 'x',
        tenant_id: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { customerId } = await ctx.payments.createCustomer({
      firstName: 'Bench',
      lastName: 'Payer',
      email: 'bench-payer@example.com',
    });
    const nonce = await tokenizeCard(ctx, {
      number: '4111111111111111',
      expirationMonth: '12',
      expirationYear: '2030',
      cvv: '123',
    });
    if (!nonce.ok) throw new Error('bench: the card was refused');
    const card = await ctx.payments.vaultCard({ customerId, nonce: nonce.value.nonce });
    if (!card.ok) throw new Error('bench: the card did not vault');
    await sql`
      INSERT INTO subscriptions (user_id, plan_type, billing_amount_cents, billing_frequency,
        payment_kind, status, customer_id, payment_method_token, card_type, card_last4,
        start_date, next_billing_date)
      SELECT ${user.id}, 'Monthly', 2475, 1, 'card', 'Active', ${customerId}, ${card.value.token},
        'Visa', '1111', '2026-12-01', '2026-12-01'
      FROM generate_series(1, ${COUNT})`.execute(ctx.db);
    const ids = (await ctx.db.selectFrom('subscriptions').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );

    // Baseline: the same rows, inserted bare, then taken out again.
    const bareStart = performance.now();
    for (let i = 0; i < ids.length; i += PARALLEL) {
      await Promise.all(
        ids.slice(i, i + PARALLEL).map((id) =>
          ctx.db
            .insertInto('charges')
            .values({
              charge_key: `bare:${id}`,
              user_id: user.id,
              subscription_id: id,
              kind: 'subscription',
              period_start: '2026-12-01',
              period_end: '2026-12-31',
              subtotal_cents: 2475,
              amount_cents: 2475,
              status: 'succeeded',
              card_type: 'Visa',
              card_last4: '1111',
              settled_at: now,
            })
            .execute(),
        ),
      );
    }
    const bareSeconds = (performance.now() - bareStart) / 1000;
    await ctx.db.deleteFrom('charges').execute();

    const runStart = performance.now();
    const summary = await runBilling(ctx, { parallel: PARALLEL });
    const runSeconds = (performance.now() - runStart) / 1000;
    if (summary.charged !== COUNT || summary.failed.length > 0) {
      throw new Error(
        `bench: the run charged ${summary.charged} of ${COUNT}, ${summary.failed.length} failed`,
      );
    }
    const bareRate = COUNT / bareSeconds;
    const runRate = COUNT / runSeconds;
    console.log(
      `billing (${database.url ? 'PostgreSQL' : 'embedded'}): run ${runRate.toFixed(0)} charges/s over ${COUNT} due subscriptions ` +
        `(${runSeconds.toFixed(1)} s); bare inserts ${bareRate.toFixed(0)} rows/s; ratio ${formatRatio(runRate / bareRate)}`,
    );
  } finally {
    await running.close();
    await database.drop();
  }
}
