import type { Order } from '@monitor/contract/orders';
import type { CheckoutPayer } from '@monitor/contract/orders';
import type { Brand } from '@monitor/domain/shared/brands';
import { capitalizeName } from '@monitor/domain/accounts/names';
import { STORE_ITEM_IDS } from '@monitor/domain/store/store-items';
import type { AppContext } from '../../context';
import type { PaymentTransaction } from '../../adapters/payments/payment-processor';
import { conflict } from '../../platform/errors';
import { settlePendingCharge, type ChargeRow } from '../billing/subscription-charges.repository';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { buildOrderConfirmationMail } from './mail/order-confirmation.mail';
import type { PricedOrder } from './order-pricing';
import { loadOrders, toOrder } from './order-view';
import { creditUserDevice, findOrderByKey, findOrderLines, insertOrder } from './orders.repository';
import { setPetMonitor } from '../entitlements/entitlements.repository';
import { insertAuditEvents, type AuditEvent } from '../audit/audit.repository';

export type OrderToRecord = {
  callerId: number | null;
  /** Who the audit log names for the credits: the buyer, or staff acting as them. */
  actorId: number | null;
  idempotencyKey: string;
  source: 'store' | 'replacement';
  payer: CheckoutPayer;
  tenantId: number;
  brand: Brand;
  priced: PricedOrder;
  /** The caller's device credited with 13 / 27, checked to be theirs before the charge. */
  creditTo: { id: number; name: string | null } | null;
};

/** The audit entries of an order's credits to the buyer's unit (issue #22): what, where, which order. */
function creditEvents(
  order: OrderToRecord,
  {
    row,
    at,
    userDeviceId,
    instantUpdates,
    isPetMonitorBought,
  }: {
    row: { id: number; order_number: string };
    at: Date;
    userDeviceId: number;
    instantUpdates: number;
    isPetMonitorBought: boolean;
  },
): AuditEvent[] {
  const about = { userId: order.callerId, actorId: order.actorId, at };
  const fromOrder = { userDeviceId, orderId: row.id, orderNumber: row.order_number };
  return [
    ...(instantUpdates > 0
      ? [
          {
            ...about,
            action: 'entitlement.instant-updates' as const,
            detail: { count: instantUpdates, ...fromOrder },
          },
        ]
      : []),
    ...(isPetMonitorBought
      ? [
          {
            ...about,
            action: 'entitlement.pet-monitor' as const,
            detail: { on: true, ...fromOrder },
          },
        ]
      : []),
  ];
}

/**
 * Records a paid order in one transaction (decision 044): the order and its lines, the charge
 * settled as succeeded and pointing at it, the credit of instant updates (13) or the pet monitor
 * (27) on the buyer's device, and the confirmation e-mail queued in the outbox (its job commits
 * with it, so it is sent once and survives a restart). When another request recorded the order
 * under this key first, that order is answered and nothing is written.
 */
export async function recordPaidOrder(
  ctx: AppContext,
  order: OrderToRecord,
  charge: ChargeRow,
  transaction: PaymentTransaction | null,
): Promise<Order> {
  const { priced, payer, creditTo } = order;
  const { billing, shipping } = priced.addresses;
  const now = ctx.now();
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    const row = await insertOrder(
      trx,
      {
        user_id: order.callerId,
        tenant_id: order.tenantId,
        email: payer.Email,
        // Names as registration keeps them: first letter capitalised (store-and-public-site §5).
        first_name: capitalizeName(payer.FirstName),
        last_name: capitalizeName(payer.LastName),
        phone: payer.phone || payer.InternationalPhoneNumber || null,
        billing_address1: billing.address1,
        billing_address2: billing.address2,
        billing_city: billing.city,
        billing_state: billing.state,
        billing_zip: billing.zip,
        shipping_address1: shipping?.address1 ?? null,
        shipping_address2: shipping?.address2 ?? null,
        shipping_city: shipping?.city ?? null,
        shipping_state: shipping?.state ?? null,
        shipping_zip: shipping?.zip ?? null,
        is_international: shipping?.isInternational ?? false,
        shipping_type: priced.shippingType,
        discount_code: priced.discountCode,
        subtotal_cents: priced.totals.subTotal,
        discount_cents: priced.totals.discount,
        shipping_cents: priced.totals.shipping,
        tax_cents: priced.totals.tax,
        grand_total_cents: priced.totals.grandTotal,
        delivery_date: priced.deliveryDate,
        idempotency_key: order.idempotencyKey,
        source: order.source,
        credited_user_device_id: creditTo?.id ?? null,
        created_at: now,
      },
      priced.lines.map((line) => ({
        item_id: line.itemId,
        store_name: line.storeName,
        quantity: line.quantity,
        unit_price_cents: line.unitPrice,
        amount_cents: line.unitPrice * line.quantity,
        serial: line.serial,
      })),
    );
    if (!row) return null;
    const settled = await settlePendingCharge(trx, charge.id, {
      status: 'succeeded',
      processor_transaction_id: transaction?.id ?? null,
      card_type: transaction?.cardType ?? null,
      card_last4: transaction?.last4 ?? null,
      settled_at: now,
      order_id: row.id,
    });
    if (!settled) throw conflict('This order was settled by another request; submit it again.');
    // Item 27 switches the upgrade on for the unit, the owner's row and its sub-accounts' alike.
    const isPetMonitorBought = priced.lines.some(
      (line) => line.itemId === STORE_ITEM_IDS.petMonitor,
    );
    if (creditTo && isPetMonitorBought) await setPetMonitor(trx, creditTo.id, true);
    const instantUpdates = priced.lines
      .filter((line) => line.itemId === STORE_ITEM_IDS.instantUpdates)
      .reduce((sum, line) => sum + line.quantity, 0);
    const credited = creditTo ? await creditUserDevice(trx, creditTo.id, instantUpdates) : null;
    if (creditTo)
      await insertAuditEvents(
        trx,
        creditEvents(order, {
          row,
          at: now,
          userDeviceId: creditTo.id,
          instantUpdates,
          isPetMonitorBought,
        }),
      );
    const lines = await findOrderLines(trx, [row.id]);
    const mail = buildOrderConfirmationMail({
      to: payer.Email,
      brand: order.brand,
      firstName: row.first_name,
      orderNumber: row.order_number,
      lines: lines.map((line) => ({
        storeName: line.store_name,
        quantity: line.quantity,
        unitPriceCents: line.unit_price_cents,
        amountCents: line.amount_cents,
        serial: line.serial,
      })),
      subTotalCents: row.subtotal_cents,
      discountCents: row.discount_cents,
      shippingCents: row.shipping_cents,
      taxCents: row.tax_cents,
      grandTotalCents: row.grand_total_cents,
      deliveryDate: row.delivery_date,
      creditedDeviceName: creditTo ? (creditTo.name ?? 'your device') : null,
      shipTo: shipping && row.delivery_date ? shipping : null,
      promoCode: priced.discountCode,
    });
    await queueDelivery(
      ctx,
      { kind: 'order-confirmation', userId: order.callerId, ...toMailDelivery(mail) },
      trx,
    );
    return toOrder(row, lines, credited);
  });
  if (recorded) return recorded;
  const first = await findOrderByKey(ctx.db, order.idempotencyKey);
  if (!first) throw conflict('This order is being placed; try again in a moment.');
  const [answer] = await loadOrders(ctx.db, [first], { withCredit: true });
  return answer!;
}
