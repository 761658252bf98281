import { createHash } from 'node:crypto';
import type { Order } from '@monitor/contract/orders';
import type { Brand, TenantId } from '@monitor/domain/shared/brands';
import type { AppContext } from '../../context';
import {
  PaymentProcessorUnavailable,
  type PaymentTransaction,
} from '../../adapters/payments/payment-processor';
import { AppError, badRequest, conflict, forbidden, paymentRefused } from '../../platform/errors';
import {
  findChargeByKey,
  insertPendingCharge,
  settlePendingCharge,
  type ChargeRow,
} from '../billing/subscription-charges.repository';
import { requireUserDevice } from '../devices/device-access.service';
import { checkPetMonitorPurchase } from '../entitlements/entitlements.service';
import { STORE_ITEM_IDS } from '@monitor/domain/store/store-items';
import { orderChargeKey, reclaimPendingCharge } from './order-charges.repository';
import { priceOrder, type PlaceOrderInput, type PricedOrder } from './order-pricing';
import { recordPaidOrder, type OrderToRecord } from './order-record';
import { loadOrders } from './order-view';
import { findBuyer, findOrderByKey, findOrdersByUser, type OrderRow } from './orders.repository';

export type { PlaceOrderInput } from './order-pricing';

/**
 * A pending order charge younger than this may still be in flight in another request: a repeat
 * waits for it. An older one lost its process (a crash, an answer that never came) and is settled
 * from the processor's record of its order id (`findTransactionByOrderId`), never charged blindly.
 */
export const ORDER_CHARGE_IN_FLIGHT_MS = 60_000;
/** How long a repeated submit waits for the first one to finish before answering 409. */
export const ORDER_REPEAT_WAIT_MS = 15_000;

const KEY_REUSED =
  'This Idempotency-Key was used for a different order. Send a new key for a new order.';

const PAYMENT_UNAVAILABLE =
  'The payment service is not available right now. Please try again later.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal recorded on a declined charge, answered again to a repeat of its submit. */
function refusalOf(charge: ChargeRow): AppError {
  const message = charge.processor_message ?? 'The card was declined.';
  return paymentRefused(message, [{ code: charge.processor_code, message }]);
}

/** A repeat answers the order only to whoever placed it: the same account, or a guest with its e-mail. */
async function answerOwnOrder(
  ctx: AppContext,
  order: OrderRow,
  input: PlaceOrderInput,
): Promise<Order> {
  const isSameBuyer =
    order.user_id === input.callerId &&
    (input.callerId !== null || order.email.toLowerCase() === input.payer.Email.toLowerCase());
  if (!isSameBuyer) throw conflict('This Idempotency-Key was used for another order.');
  const [answer] = await loadOrders(ctx.db, [order], { withCredit: true });
  return answer!;
}

/**
 * What a submit orders, hashed: the same order sent again hashes the same (the route builds the
 * input in the contract's field order), any change to what is bought, by whom, where, does not.
 * The key is left out, and so is the card's nonce: single-use, a retry may bring a fresh one.
 */
function requestHash({
  idempotencyKey: _key,
  payer: { PaymentNonce: _nonce, ...payer },
  ...order
}: PlaceOrderInput): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...order, payer }))
    .digest('hex');
}

/**
 * The outcome of an earlier submit with this key, waiting while it is in flight: its order, its
 * refusal again, or undefined when there was none. A charge that lost its process is settled here.
 * The key sent again with a different request is refused, 422, as Stripe does (issue #22).
 */
async function earlierSubmit(
  ctx: AppContext,
  input: PlaceOrderInput,
  order: () => Promise<OrderToRecord>,
): Promise<Order | undefined> {
  const deadline = Date.now() + ORDER_REPEAT_WAIT_MS;
  for (;;) {
    const charge = await findChargeByKey(ctx.db, orderChargeKey(input.idempotencyKey));
    if (charge?.request_hash && charge.request_hash !== requestHash(input))
      throw new AppError(422, KEY_REUSED);
    const placed = await findOrderByKey(ctx.db, input.idempotencyKey);
    if (placed) return answerOwnOrder(ctx, placed, input);
    if (!charge) return undefined;
    if (charge.status === 'declined') throw refusalOf(charge);
    if (
      charge.status === 'pending' &&
      ctx.now().getTime() - charge.created_at.getTime() >= ORDER_CHARGE_IN_FLIGHT_MS
    ) {
      return settleLostCharge(ctx, await order(), charge);
    }
    if (Date.now() >= deadline) {
      throw conflict('Your order is being placed; check your e-mail or try again in a moment.');
    }
    await sleep(100);
  }
}

/**
 * Settles a charge whose answer was lost from the processor's record of its order id: paid, the
 * order is recorded with it (priced again from this submit, which must come to the same amount);
 * refused, the refusal is answered; never made, this submit takes the charge over and makes it.
 */
async function settleLostCharge(
  ctx: AppContext,
  order: OrderToRecord,
  charge: ChargeRow,
): Promise<Order> {
  const transaction = await lookUpTransaction(ctx, charge.charge_key);
  if (transaction && transaction.status !== 'voided') {
    const isPaid =
      transaction.status === 'settled' || transaction.status === 'submitted_for_settlement';
    if (!isPaid) {
      const declined = await settlePendingCharge(ctx.db, charge.id, {
        status: 'declined',
        processor_message: `Transaction ${transaction.status}.`,
        settled_at: ctx.now(),
      });
      throw refusalOf(declined ?? charge);
    }
    if (transaction.amountCents !== order.priced.totals.grandTotal) {
      throw conflict('This Idempotency-Key was used for a different order.');
    }
    return recordPaidOrder(ctx, order, charge, transaction);
  }
  const claimed = await reclaimPendingCharge(ctx.db, charge, amounts(order.priced, ctx.now()));
  if (!claimed)
    throw conflict('Your order is being placed; check your e-mail or try again in a moment.');
  return chargeAndRecord(ctx, order, claimed);
}

async function lookUpTransaction(
  ctx: AppContext,
  chargeKey: string,
): Promise<PaymentTransaction | null> {
  try {
    return await ctx.payments.findTransactionByOrderId(chargeKey);
  } catch (error) {
    if (error instanceof PaymentProcessorUnavailable) throw new AppError(503, PAYMENT_UNAVAILABLE);
    throw error;
  }
}

const amounts = (priced: PricedOrder, now: Date) => ({
  subtotal_cents: priced.totals.subTotal - priced.totals.discount + priced.totals.shipping,
  tax_cents: priced.totals.tax,
  amount_cents: priced.totals.grandTotal,
  created_at: now,
});

/**
 * Charges the order's pending charge once (its key is the processor's order id) and records the
 * order. A decline is recorded on the charge and answered as a 400 with the processor's errors
 * (the payment error filter, store-and-public-site §8), with no order; an unreachable processor is
 * a 503 that leaves the charge pending for a repeat to settle. A free order asks no processor.
 */
async function chargeAndRecord(
  ctx: AppContext,
  order: OrderToRecord,
  charge: ChargeRow,
): Promise<Order> {
  if (charge.amount_cents === 0) return recordPaidOrder(ctx, order, charge, null);
  let sale;
  try {
    sale = await ctx.payments.sale({
      amountCents: charge.amount_cents,
      orderId: charge.charge_key,
      nonce: order.payer.PaymentNonce,
    });
  } catch (error) {
    if (error instanceof PaymentProcessorUnavailable) throw new AppError(503, PAYMENT_UNAVAILABLE);
    throw error;
  }
  if (!sale.ok) {
    const message = sale.errors.map((error) => error.message).join(' ') || 'The card was declined.';
    const code = sale.errors.find((error) => error.code !== undefined && error.code !== null)?.code;
    await settlePendingCharge(ctx.db, charge.id, {
      status: 'declined',
      processor_code: code === undefined || code === null ? null : String(code),
      processor_message: message.slice(0, 500),
      settled_at: ctx.now(),
    });
    throw paymentRefused(message, sale.errors);
  }
  return recordPaidOrder(ctx, order, charge, sale.value);
}

/** The brand the order is placed with: the signed-in buyer's tenant, or the one a guest names. */
async function buyerBrand(
  ctx: AppContext,
  input: PlaceOrderInput,
): Promise<{ tenantId: number; brand: Brand }> {
  const buyer = input.callerId === null ? undefined : await findBuyer(ctx.db, input.callerId);
  const tenantId = buyer?.tenant_id ?? input.tenantId ?? 1;
  const brand = ctx.brands[tenantId as TenantId] as Brand | undefined;
  if (!brand) throw badRequest('TenantId must be 1 to 6.');
  // A brand without a store takes no store order (store-and-public-site §1; issue #22), as its
  // store page says; a replacement offer is its own channel.
  if (input.source === 'store' && !brand.isStoreSupported)
    throw forbidden(
      `${brand.name} does not sell online. Please contact us on ${brand.phone} to order.`,
    );
  return { tenantId, brand };
}

/**
 * The caller's own device to credit with 13 / 27: 404 when there is none, 403 when it is
 * another's; the pet monitor upgrade only once, to a unit without it (modules/entitlements).
 */
async function deviceToCredit(
  ctx: AppContext,
  input: PlaceOrderInput,
  lines: readonly { itemId: number; quantity: number }[],
) {
  if (input.callerId === null || !input.userDeviceId) {
    throw badRequest('UserDeviceId: choose the device to credit.');
  }
  const access = await requireUserDevice(ctx, {
    callerId: input.callerId,
    userDeviceId: input.userDeviceId,
    mode: 'write',
  });
  const upgrade = lines.find((line) => line.itemId === STORE_ITEM_IDS.petMonitor);
  if (upgrade) checkPetMonitorPurchase(access.row, upgrade.quantity);
  return { id: access.row.id, name: access.row.name };
}

/** Everything checked and priced before any money moves. */
async function prepareOrder(ctx: AppContext, input: PlaceOrderInput): Promise<OrderToRecord> {
  const { tenantId, brand } = await buyerBrand(ctx, input);
  const priced = await priceOrder(ctx, input, { brand, isLoggedIn: input.callerId !== null });
  const creditTo = priced.creditsDevice ? await deviceToCredit(ctx, input, priced.lines) : null;
  return {
    callerId: input.callerId,
    actorId: input.actorId ?? input.callerId,
    idempotencyKey: input.idempotencyKey,
    source: input.source,
    payer: input.payer,
    tenantId,
    brand,
    priced,
    creditTo,
  };
}

/**
 * Places an order (POST /api/sales/ and the replacement submit; store-and-public-site §4
 * "Checkout", decision 044): priced by the server from its own tables (`priceOrder`), charged once
 * per Idempotency-Key through a `charges` row (kind 'order') committed as pending before the
 * processor is called, and recorded with its lines, the settled charge, any device credit and the
 * confirmation e-mail in one transaction. A repeated submit, also one arriving while the first is
 * in flight, answers the same order and charges nothing more.
 */
export async function placeOrder(ctx: AppContext, input: PlaceOrderInput): Promise<Order> {
  let prepared: OrderToRecord | undefined;
  const prepare = async () => (prepared ??= await prepareOrder(ctx, input));
  const earlier = await earlierSubmit(ctx, input, prepare);
  if (earlier) return earlier;
  const order = await prepare();
  const pending = await insertPendingCharge(ctx.db, {
    charge_key: orderChargeKey(input.idempotencyKey),
    user_id: input.callerId,
    kind: 'order',
    status: 'pending',
    request_hash: requestHash(input),
    ...amounts(order.priced, ctx.now()),
  });
  if (!pending) {
    // Another submit with this key got there first: answer what it comes to.
    const first = await earlierSubmit(ctx, input, prepare);
    if (first) return first;
    throw conflict('Your order is being placed; check your e-mail or try again in a moment.');
  }
  return chargeAndRecord(ctx, order, pending);
}

/** GET /api/users/{userId}/orders: the caller's own orders, newest first (403 for anyone else's). */
export async function listUserOrders(
  ctx: AppContext,
  { callerId, userId }: { callerId: number; userId: number },
): Promise<Order[]> {
  if (callerId !== userId) throw new AppError(403, 'You do not have access to this.');
  return loadOrders(ctx.db, await findOrdersByUser(ctx.db, userId));
}
