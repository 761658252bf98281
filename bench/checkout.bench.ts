import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { formatRatio, freshDatabase, startProduct } from './support';

/**
 * Orders per second through POST /api/sales/ (decision 044) on the local payment processor: a
 * guest buys two pucks shipped regular to a New York address, each order with its own
 * Idempotency-Key. Every order is priced from the tables (items, postage, tax), charged through a
 * pending `charges` row and the processor's sale, and recorded with its lines, the settled charge
 * and the confirmation e-mail's outbox row and job in one transaction. The baseline: the same
 * rows (the order, its line, its charge) inserted bare, one statement each, on the same database
 * in the same run. On the embedded database one process at a time may open the data folder, so
 * the bare inserts run after the product has stopped.
 */
const PORT = 3958;
const COUNT = Number(process.env.CHECKOUT_BENCH_COUNT ?? 1_000);
const WARM_UP = 20;
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

async function waitForDataFolder(dataDir: string): Promise<void> {
  for (let waited = 0; existsSync(join(dataDir, 'monitor.lock')); waited += 200) {
    if (waited > 120_000) throw new Error('the server did not release the data folder');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const orderBody = (n: number) => ({
  payer: {
    FirstName: 'Bench',
    LastName: 'Buyer',
    Email: `bench-buyer-${n}@example.com`,
    Address1: '1 Main St',
    City: 'Rochester',
    State: 'NY',
    Zip: '14614',
    // The local processor's fixed test nonce: a Visa that is charged every time (docs/payments.md).
    PaymentNonce: 'fake-valid-visa-nonce',
  },
  items: [{ ItemId: 4, Quantity: 2 }],
  ShippingType: 'regularShipping',
  TermsAccepted: true,
});

async function placeOrders(url: string, from: number, count: number): Promise<void> {
  for (let offset = 0; offset < count; offset += PARALLEL) {
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, count - offset) }, async (_, i) => {
        const response = await fetch(`${url}/api/sales/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(orderBody(from + offset + i)),
        });
        if (!response.ok) {
          throw new Error(`POST /api/sales/: ${response.status} ${await response.text()}`);
        }
      }),
    );
  }
}

/** The placed orders again, bare: each order, its line and its charge copied by one statement each. */
async function copyBare(bare: Bare, orderIds: readonly number[]): Promise<void> {
  for (let offset = 0; offset < orderIds.length; offset += PARALLEL) {
    await Promise.all(
      orderIds.slice(offset, offset + PARALLEL).map(async (id) => {
        const key = `bare:${id}`;
        const { rows } = await bare.query(
          `INSERT INTO orders (order_number, user_id, tenant_id, email, first_name, last_name, phone,
             billing_address1, billing_address2, billing_city, billing_state, billing_zip,
             shipping_address1, shipping_address2, shipping_city, shipping_state, shipping_zip,
             is_international, shipping_type, discount_code, subtotal_cents, discount_cents,
             shipping_cents, tax_cents, grand_total_cents, delivery_date, status, idempotency_key, source)
           SELECT nextval('order_numbers')::text, user_id, tenant_id, email, first_name, last_name, phone,
             billing_address1, billing_address2, billing_city, billing_state, billing_zip,
             shipping_address1, shipping_address2, shipping_city, shipping_state, shipping_zip,
             is_international, shipping_type, discount_code, subtotal_cents, discount_cents,
             shipping_cents, tax_cents, grand_total_cents, delivery_date, status, $2, source
           FROM orders WHERE id = $1 RETURNING id`,
          [id, key],
        );
        const copy = (rows[0] as { id: number }).id;
        await bare.query(
          `INSERT INTO order_lines (order_id, item_id, store_name, quantity, unit_price_cents, amount_cents)
           SELECT $2, item_id, store_name, quantity, unit_price_cents, amount_cents
           FROM order_lines WHERE order_id = $1`,
          [id, copy],
        );
        await bare.query(
          `INSERT INTO charges (charge_key, kind, subtotal_cents, tax_cents, amount_cents, status,
             processor_transaction_id, card_type, card_last4, settled_at, order_id)
           SELECT $3, kind, subtotal_cents, tax_cents, amount_cents, status,
             processor_transaction_id, card_type, card_last4, settled_at, $2
           FROM charges WHERE order_id = $1`,
          [id, copy, key],
        );
      }),
    );
  }
}

export async function benchCheckout(): Promise<void> {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-checkout-'));
  const where = { dataDir, databaseUrl: database.url };
  // Every order comes from this one address: lift the per-address limits for the run.
  const limits = {
    RATE_LIMIT_STORE_WRITES: process.env.RATE_LIMIT_STORE_WRITES,
    RATE_LIMIT_ANONYMOUS: process.env.RATE_LIMIT_ANONYMOUS,
  };
  process.env.RATE_LIMIT_STORE_WRITES = '10000000';
  process.env.RATE_LIMIT_ANONYMOUS = '10000000';
  try {
    let orderSeconds: number;
    const product = await startProduct(PORT, where);
    try {
      await placeOrders(product.url, 0, WARM_UP);
      const start = performance.now();
      await placeOrders(product.url, WARM_UP, COUNT);
      orderSeconds = (performance.now() - start) / 1000;
    } finally {
      product.stop();
    }
    await product.stopped;
    await waitForDataFolder(dataDir);

    const bare = await openBare(dataDir, database.url);
    try {
      const { rows } = await bare.query(`SELECT id FROM orders ORDER BY id OFFSET ${WARM_UP}`);
      const orderIds = (rows as { id: number }[]).map((row) => row.id);
      if (orderIds.length !== COUNT) {
        throw new Error(`bench: ${orderIds.length} orders recorded, ${COUNT} placed`);
      }
      const bareStart = performance.now();
      await copyBare(bare, orderIds);
      const bareSeconds = (performance.now() - bareStart) / 1000;
      const orderRate = COUNT / orderSeconds;
      const bareRate = COUNT / bareSeconds;
      console.log(
        `checkout (${database.url ? 'PostgreSQL' : 'embedded'}): POST /api/sales/ ${orderRate.toFixed(0)} orders/s over ${COUNT} orders, ${PARALLEL} at a time ` +
          `(local processor); bare inserts of the same order, line and charge rows ${bareRate.toFixed(0)} orders/s; ` +
          `ratio ${formatRatio(orderRate / bareRate)}`,
      );
    } finally {
      await bare.close();
    }
  } finally {
    for (const [name, value] of Object.entries(limits)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await database.drop();
  }
}
