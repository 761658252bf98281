import type { Order } from '@monitor/contract/orders';
import { centsToDollars, cents } from '@monitor/domain/shared/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import {
  findCreditedDevice,
  findOrderLines,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository';

const dollars = (amount: number) => centsToDollars(cents(amount));

/** An order as the API answers it (contract `Order`), amounts in dollars as charged. */
export function toOrder(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  credited: { id: number; instant_updates: number; pet_monitor: boolean } | null = null,
): Order {
  return {
    OrderId: order.id,
    OrderNumber: order.order_number,
    Status: order.status,
    PlacedAt: order.created_at.toISOString(),
    Email: order.email,
    Lines: lines.map((line) => ({
      ItemId: line.item_id,
      StoreName: line.store_name,
      Quantity: line.quantity,
      UnitPrice: dollars(line.unit_price_cents),
      Amount: dollars(line.amount_cents),
      Serial: line.serial,
    })),
    SubTotal: dollars(order.subtotal_cents),
    Discount: dollars(order.discount_cents),
    Shipping: dollars(order.shipping_cents),
    Tax: dollars(order.tax_cents),
    GrandTotal: dollars(order.grand_total_cents),
    ShippingType: order.shipping_type,
    DeliveryDate: order.delivery_date,
    TrackingNumber: order.tracking_number,
    DiscountCode: order.discount_code,
    Credited: credited
      ? {
          UserDeviceId: credited.id,
          InstantUpdates: credited.instant_updates,
          PetMonitor: credited.pet_monitor,
        }
      : null,
  };
}

/** Orders with their lines (and the credited device, for one order), as the API answers them. */
export async function loadOrders(
  db: Kysely<DB>,
  orders: readonly OrderRow[],
  { withCredit = false } = {},
): Promise<Order[]> {
  const lines = await findOrderLines(
    db,
    orders.map((order) => order.id),
  );
  return Promise.all(
    orders.map(async (order) => {
      const credited =
        withCredit && order.credited_user_device_id !== null
          ? ((await findCreditedDevice(db, order.credited_user_device_id)) ?? null)
          : null;
      return toOrder(
        order,
        lines.filter((line) => line.order_id === order.id),
        credited,
      );
    }),
  );
}
