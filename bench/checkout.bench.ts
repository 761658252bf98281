import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BareDriver } from './bare-driver';
import { productAndBare } from './sides';
import { captureContext, echoAnswers } from './product-context';
import { replay, type Script } from './product-sql';
import { alternate, formatRatio, freshDatabase } from './support';
import { placeOrder } from '../apps/server/src/modules/store/orders.service';

/**
 * Orders per second through POST /api/sales/ (decision 044) on the local payment processor: a
 * guest buys two pucks shipped regular to a New York address, each order with its own
 * Idempotency-Key. Every order is priced from the tables (items, postage, tax), charged through a
 * pending `charges` row and the processor's sale, and recorded with its lines, the settled charge
 * and the confirmation e-mail's outbox row and job in one transaction. In the same run, on the
 * same database, 8 orders at a time on every side:
 * - fair baseline (same statements, bare driver): each order's own statements as the product's
 *   `placeOrder` sends them (captured on a recording database, product-context.ts), replayed
 *   through a `pg` pool or PGlite's own `query`; HTTP, validation, pricing in JavaScript and the
 *   answer's JSON are the product's alone;
 * - floor (bare INSERT): the rows of an order already placed (the order, its line, its charge)
 *   copied by one INSERT each.
 * The sides alternate in rounds, each warmed first; on the embedded database, which admits one
 * process, the product is restarted for each of its rounds and the bare sides open the data
 * folder for each of theirs. Each round checks its orders were recorded, each with its paid
 * charge and its confirmation e-mail queued.
 */
const PORT = 3958;
const COUNT = Number(process.env.CHECKOUT_BENCH_COUNT ?? 1_000);
const ROUNDS = 4;
const PER_ROUND = Math.ceil(COUNT / ROUNDS);
const WARM_UP = 20;
const PARALLEL = 8;

type Bare = BareDriver;

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

/** Places `count` orders through the product, 8 at a time; answers their Idempotency-Keys. */
async function placeOrders(url: string, from: number, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let offset = 0; offset < count; offset += PARALLEL) {
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, count - offset) }, async (_, i) => {
        const key = randomUUID();
        keys.push(key);
        const response = await fetch(`${url}/api/sales/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(orderBody(from + offset + i)),
        });
        if (!response.ok) {
          throw new Error(`POST /api/sales/: ${response.status} ${await response.text()}`);
        }
      }),
    );
  }
  return keys;
}

/** Each order's statements as the product's `placeOrder` sends them, captured before timing. */
async function captureOrders(bare: Bare, from: number, count: number) {
  const { capture } = await captureContext(echoAnswers(bare));
  const orders: { key: string; script: Script }[] = [];
  for (let n = from; n < from + count; n += 1) {
    const key = randomUUID();
    const body = orderBody(n);
    const { script } = await capture((ctx) =>
      placeOrder(ctx, {
        callerId: null,
        actorId: null,
        idempotencyKey: key,
        payer: body.payer,
        lines: body.items.map((line) => ({ itemId: line.ItemId, quantity: line.Quantity })),
        discountCode: null,
        shippingType: body.ShippingType as 'regularShipping',
        userDeviceId: null,
        source: 'store',
      }),
    );
    orders.push({ key, script });
  }
  if (process.env.BENCH_SHOW_SCRIPT)
    for (const step of orders[0]!.script.steps)
      console.log(typeof step === 'string' ? step : step.sql.replace(/\s+/g, ' ').slice(0, 140));
  return orders;
}

/** The captured orders through the bare driver, 8 at a time; answers the statements sent. */
async function replayOrders(bare: Bare, orders: readonly { script: Script }[]) {
  let statements = 0;
  for (let offset = 0; offset < orders.length; offset += PARALLEL) {
    const sent = await Promise.all(
      orders.slice(offset, offset + PARALLEL).map(({ script }) => replay(bare, script)),
    );
    statements += sent.reduce((a, b) => a + b, 0);
  }
  return statements;
}

/** The orders under these keys were recorded, each with its paid charge and its e-mail queued. */
async function checkOrders(bare: Bare, keys: readonly string[], who: string) {
  const { rows } = await bare.query(
    `SELECT
       (SELECT count(*)::integer FROM orders WHERE idempotency_key = ANY($1::text[])) AS orders,
       (SELECT count(*)::integer FROM charges c JOIN orders o ON o.id = c.order_id
        WHERE o.idempotency_key = ANY($1::text[]) AND c.status = 'succeeded') AS charged,
       (SELECT count(DISTINCT o.id)::integer FROM deliveries d JOIN orders o ON d.address = o.email
        WHERE o.idempotency_key = ANY($1::text[])) AS mails`,
    [keys],
  );
  const { orders, charged, mails } = rows[0] as Record<string, number>;
  if (orders !== keys.length || charged !== keys.length || mails !== keys.length)
    throw new Error(
      `checkout, ${who}: ${keys.length} orders placed, but ${orders} recorded, ${charged} charged, ${mails} e-mails queued`,
    );
}

/** The placed orders again, bare: each order, its line and its charge copied by one statement each. */
async function copyBare(bare: Bare, orderIds: readonly number[]): Promise<void> {
  for (let offset = 0; offset < orderIds.length; offset += PARALLEL) {
    await Promise.all(
      orderIds.slice(offset, offset + PARALLEL).map(async (id) => {
        const key = `floor:${id}`;
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

type Tally = { orders: number; seconds: number };
const rate = (t: Tally) => t.orders / t.seconds;

export async function benchCheckout(): Promise<void> {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-checkout-'));
  const where = { dataDir, databaseUrl: database.url };
  const isEmbedded = !database.url;
  // Every order comes from this one address: lift the per-address limits for the run.
  const limits = {
    RATE_LIMIT_STORE_WRITES: process.env.RATE_LIMIT_STORE_WRITES,
    RATE_LIMIT_ANONYMOUS: process.env.RATE_LIMIT_ANONYMOUS,
    RATE_LIMIT_CARD_CALLS_PER_ADDRESS: process.env.RATE_LIMIT_CARD_CALLS_PER_ADDRESS,
  };
  for (const name of Object.keys(limits)) process.env[name] = '10000000';
  const sides = productAndBare(where, { port: PORT, bareMax: PARALLEL });
  const productSide = sides.product;
  const bareSide = sides.bare;
  try {
    const real: Tally = { orders: 0, seconds: 0 };
    const fair: Tally = { orders: 0, seconds: 0 };
    const floor: Tally = { orders: 0, seconds: 0 };
    let statementsPerOrder = 0;
    let placed = 0;
    await alternate(ROUNDS, [
      async () => {
        const { url } = await productSide();
        await placeOrders(url, placed, WARM_UP);
        const started = performance.now();
        const keys = await placeOrders(url, placed + WARM_UP, PER_ROUND);
        real.seconds += (performance.now() - started) / 1000;
        real.orders += PER_ROUND;
        placed += WARM_UP + PER_ROUND;
        await checkOrders(await bareSide(), keys, 'POST /api/sales/');
      },
      async () => {
        const database = await bareSide();
        await replayOrders(database, await captureOrders(database, placed, WARM_UP));
        const orders = await captureOrders(database, placed + WARM_UP, PER_ROUND);
        const started = performance.now();
        const statements = await replayOrders(database, orders);
        fair.seconds += (performance.now() - started) / 1000;
        fair.orders += PER_ROUND;
        placed += WARM_UP + PER_ROUND;
        statementsPerOrder = statements / PER_ROUND;
        await checkOrders(
          database,
          orders.map((order) => order.key),
          'fair baseline',
        );
      },
      async () => {
        const database = await bareSide();
        const { rows } = await database.query(
          `SELECT id FROM orders WHERE idempotency_key NOT LIKE 'floor:%' ORDER BY id LIMIT $1`,
          [WARM_UP + PER_ROUND],
        );
        const orderIds = rows.map((row) => row.id as number);
        if (orderIds.length < WARM_UP + PER_ROUND)
          throw new Error(`checkout, floor: ${orderIds.length} orders to copy`);
        await copyBare(database, orderIds.slice(0, WARM_UP));
        const started = performance.now();
        await copyBare(database, orderIds.slice(WARM_UP));
        floor.seconds += (performance.now() - started) / 1000;
        floor.orders += PER_ROUND;
        const copied = await database.query(
          `SELECT count(*)::integer AS n FROM orders WHERE idempotency_key = ANY($1::text[])`,
          [orderIds.slice(WARM_UP).map((id) => `floor:${id}`)],
        );
        if (copied.rows[0]!.n !== PER_ROUND)
          throw new Error(`checkout, floor: ${String(copied.rows[0]!.n)} orders copied`);
        // Out again, so the next round copies the same kind of rows into an emptier table.
        await database.query(`DELETE FROM charges WHERE charge_key LIKE 'floor:%'`);
        await database.query(
          `DELETE FROM order_lines WHERE order_id IN (SELECT id FROM orders WHERE idempotency_key LIKE 'floor:%')`,
        );
        await database.query(`DELETE FROM orders WHERE idempotency_key LIKE 'floor:%'`);
      },
    ]);
    console.log(
      `checkout (${isEmbedded ? 'embedded' : 'PostgreSQL'}): ${ROUNDS * PER_ROUND} orders a side, ${PARALLEL} at a time, in ${ROUNDS} alternating warmed rounds (local processor), each checked recorded, charged and its e-mail queued`,
    );
    console.log(`  POST /api/sales/: ${rate(real).toFixed(0)} orders/s`);
    console.log(
      `  fair baseline (same statements, bare driver; ${statementsPerOrder.toFixed(1)} statements an order): ${rate(fair).toFixed(0)} orders/s; ratio ${formatRatio(rate(real) / rate(fair))}`,
    );
    console.log(
      `  floor (bare INSERT of the order, its line and its charge): ${rate(floor).toFixed(0)} orders/s; ratio ${formatRatio(rate(real) / rate(floor))}`,
    );
  } finally {
    for (const [name, value] of Object.entries(limits)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await sides.close();
    await database.drop();
  }
}
