import type { TenantId } from '@monitor/domain/shared/brands';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import type { AppContext } from '../../context';
import type { OrderStatus } from '../../platform/database/schema';
import { AppError, conflict, notFound } from '../../platform/errors';
import { refundCharge } from '../billing/refunds.service';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { buildOrderShippedMail } from './mail/order-shipped.mail';
import { findOrderCharge } from './order-charges.repository';
import {
  findOrderByNumber,
  findOrderLines,
  listOrders,
  markOrderShipped,
  setOrderStatus,
  type OrderRow,
} from './orders.repository';

const money = (amount: number) => formatCents(amount as Cents);

async function requireOrder(ctx: Pick<AppContext, 'db'>, orderNumber: string): Promise<OrderRow> {
  const order = await findOrderByNumber(ctx.db, orderNumber);
  if (!order) throw notFound(`No order has the number ${orderNumber}.`);
  return order;
}

const summaryLine = (order: OrderRow) =>
  `${order.order_number} ${order.created_at.toISOString().slice(0, 16).replace('T', ' ')} ${order.status} ${money(order.grand_total_cents)} ${order.email} ${order.shipping_type}${order.tracking_number ? ` tracking ${order.tracking_number}` : ''}${order.source === 'replacement' ? ' (replacement)' : ''}`;

/** list-orders: the latest orders, newest first, of one status when given. */
export async function listOrdersForAdmin(
  ctx: Pick<AppContext, 'db'>,
  { status, limit = 100 }: { status?: OrderStatus; limit?: number },
): Promise<string> {
  const orders = await listOrders(ctx.db, { status, limit });
  if (orders.length === 0) return status ? `No ${status} orders.` : 'No orders.';
  return orders.map(summaryLine).join('\n');
}

/** show-order: one order with its buyer, addresses, lines, totals and charge. */
export async function showOrderForAdmin(
  ctx: Pick<AppContext, 'db'>,
  orderNumber: string,
): Promise<string> {
  const order = await requireOrder(ctx, orderNumber);
  const [lines, charge] = await Promise.all([
    findOrderLines(ctx.db, [order.id]),
    findOrderCharge(ctx.db, order.id),
  ]);
  const place = (parts: (string | null)[]) => parts.filter(Boolean).join(', ');
  return [
    summaryLine(order),
    `Buyer: ${order.first_name} ${order.last_name} <${order.email}>${order.phone ? ` ${order.phone}` : ''}${order.user_id ? ` (user ${order.user_id})` : ' (guest)'}, tenant ${order.tenant_id}`,
    `Billing: ${place([order.billing_address1, order.billing_address2, order.billing_city, order.billing_state, order.billing_zip])}`,
    order.shipping_zip
      ? `Shipping: ${place([order.shipping_address1, order.shipping_address2, order.shipping_city, order.shipping_state, order.shipping_zip])}${order.is_international ? ' (international)' : ''}; delivery ${order.delivery_date ?? '-'}`
      : 'Shipping: nothing ships',
    ...lines.map(
      (line) =>
        `  ${line.quantity} × #${line.item_id} ${line.store_name} at ${money(line.unit_price_cents)} = ${money(line.amount_cents)}${line.serial ? ` (replaces ${line.serial})` : ''}`,
    ),
    `Subtotal ${money(order.subtotal_cents)}, discount ${money(order.discount_cents)}${order.discount_code ? ` (${order.discount_code})` : ''}, shipping ${money(order.shipping_cents)}, tax ${money(order.tax_cents)}, total ${money(order.grand_total_cents)}`,
    charge
      ? `Charge #${charge.id} ${charge.status} ${money(charge.amount_cents)}${charge.refunded_cents ? ` (refunded ${money(charge.refunded_cents)})` : ''} ${charge.processor_transaction_id ?? ''}`.trimEnd()
      : 'Charge: none',
  ].join('\n');
}

/** ship-order: the order is shipped with its tracking number, and the buyer told so by e-mail. */
export async function shipOrder(
  ctx: AppContext,
  { orderNumber, trackingNumber }: { orderNumber: string; trackingNumber: string },
): Promise<string> {
  const order = await requireOrder(ctx, orderNumber);
  if (order.shipping_type === 'none') throw conflict(`Order ${orderNumber} has nothing to ship.`);
  const brand = ctx.brands[order.tenant_id as TenantId];
  await ctx.db.transaction().execute(async (trx) => {
    const shipped = await markOrderShipped(trx, order.id, { trackingNumber, now: ctx.now() });
    if (!shipped) throw conflict(`Order ${orderNumber} is ${order.status}: it cannot be shipped.`);
    const mail = buildOrderShippedMail({
      to: order.email,
      brand,
      firstName: order.first_name,
      orderNumber,
      trackingNumber,
    });
    await queueDelivery(
      ctx,
      { kind: 'order-shipped', userId: order.user_id, ...toMailDelivery(mail) },
      trx,
    );
  });
  return `Order ${orderNumber} shipped with tracking number ${trackingNumber}; ${order.email} is told by e-mail.`;
}

/**
 * refund-order: all or part of the order's charge returned through billing's `refundCharge`; the
 * order is refunded once nothing of it is left.
 */
export async function refundOrder(
  ctx: AppContext,
  { orderNumber, amountCents }: { orderNumber: string; amountCents?: number },
): Promise<string> {
  const order = await requireOrder(ctx, orderNumber);
  const charge = await findOrderCharge(ctx.db, order.id);
  if (!charge || charge.amount_cents === 0) {
    if (amountCents) throw conflict(`Order ${orderNumber} was free: there is nothing to refund.`);
    await setOrderStatus(ctx.db, order.id, 'refunded');
    return `Order ${orderNumber} was free: marked refunded.`;
  }
  const outcome = await refundCharge(ctx, {
    chargeId: charge.id,
    ...(amountCents !== undefined && { amountCents }),
  });
  if (outcome.kind === 'refused') throw new AppError(400, `Refund refused: ${outcome.message}`);
  if (outcome.leftCents === 0) await setOrderStatus(ctx.db, order.id, 'refunded');
  return `Refunded ${money(outcome.refund.amount_cents)} of order ${orderNumber}; ${money(outcome.leftCents)} left${outcome.leftCents === 0 ? ': the order is refunded' : ''}.`;
}
