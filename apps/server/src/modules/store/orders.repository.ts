import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB, OrderLinesTable, OrdersTable, OrderStatus } from '../../platform/database/schema';

export type OrderRow = Omit<Selectable<OrdersTable>, 'delivery_date'> & {
  delivery_date: string | null;
};
export type OrderLineRow = Selectable<OrderLinesTable>;
export type NewOrder = Omit<Insertable<OrdersTable>, 'order_number'>;
export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'order_id'>;

const ORDER_COLUMNS = [
  'id',
  'order_number',
  'user_id',
  'tenant_id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'billing_address1',
  'billing_address2',
  'billing_city',
  'billing_state',
  'billing_zip',
  'shipping_address1',
  'shipping_address2',
  'shipping_city',
  'shipping_state',
  'shipping_zip',
  'is_international',
  'shipping_type',
  'discount_code',
  'subtotal_cents',
  'discount_cents',
  'shipping_cents',
  'tax_cents',
  'grand_total_cents',
  'status',
  'tracking_number',
  'shipped_at',
  'idempotency_key',
  'source',
  'credited_user_device_id',
  'created_at',
] as const;

/** The order's columns, its delivery date as 'YYYY-MM-DD' (a driver would make it a midnight Date). */
function selectOrders(db: Kysely<DB>) {
  return db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .select(sql<string | null>`to_char(delivery_date, 'YYYY-MM-DD')`.as('delivery_date'))
    .$castTo<OrderRow>();
}

/** Who signed in to buy: the tenant an order is placed with. */
export function findBuyer(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'email_address'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findOrderByKey(db: Kysely<DB>, idempotencyKey: string) {
  return selectOrders(db).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export function findOrderByNumber(db: Kysely<DB>, orderNumber: string) {
  return selectOrders(db).where('order_number', '=', orderNumber).executeTakeFirst();
}

/** A user's own orders, newest first. */
export function findOrdersByUser(db: Kysely<DB>, userId: number): Promise<OrderRow[]> {
  return selectOrders(db).where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** The staff list: newest first, of one status when given. */
export function listOrders(
  db: Kysely<DB>,
  { status, limit }: { status?: OrderStatus; limit: number },
): Promise<OrderRow[]> {
  let query = selectOrders(db).orderBy('id', 'desc').limit(limit);
  if (status) query = query.where('status', '=', status);
  return query.execute();
}

export function findOrderLines(
  db: Kysely<DB>,
  orderIds: readonly number[],
): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

/**
 * Records an order with the next order number, and its lines. Answers undefined when an order
 * with this idempotency key is there already (another request recorded it first).
 */
export async function insertOrder(
  db: Kysely<DB>,
  order: NewOrder,
  lines: readonly NewOrderLine[],
): Promise<OrderRow | undefined> {
  const inserted = await db
    .insertInto('orders')
    .values({ ...order, order_number: sql<string>`nextval('order_numbers')::text` })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return undefined;
  await db
    .insertInto('order_lines')
    .values(lines.map((line) => ({ ...line, order_id: inserted.id })))
    .execute();
  return selectOrders(db).where('id', '=', inserted.id).executeTakeFirstOrThrow();
}

/** Credits a user device with instant updates; answers it with its pet monitor upgrade. */
export function creditUserDevice(db: Kysely<DB>, userDeviceId: number, instantUpdates: number) {
  return db
    .updateTable('user_devices')
    .set((eb) => ({ instant_updates: eb('instant_updates', '+', instantUpdates) }))
    .where('id', '=', userDeviceId)
    .returning(['id', 'instant_updates', 'pet_monitor'])
    .executeTakeFirstOrThrow();
}

export function findCreditedDevice(db: Kysely<DB>, userDeviceId: number) {
  return db
    .selectFrom('user_devices')
    .select(['id', 'instant_updates', 'pet_monitor'])
    .where('id', '=', userDeviceId)
    .executeTakeFirst();
}

/** Marks an order shipped with its tracking number; undefined unless it was paid (not refunded). */
export function markOrderShipped(
  db: Kysely<DB>,
  orderId: number,
  { trackingNumber, now }: { trackingNumber: string; now: Date },
) {
  return db
    .updateTable('orders')
    .set({ status: 'shipped', tracking_number: trackingNumber, shipped_at: now })
    .where('id', '=', orderId)
    .where('status', 'in', ['paid', 'shipped'])
    .returning('id')
    .executeTakeFirst();
}

export async function setOrderStatus(
  db: Kysely<DB>,
  orderId: number,
  status: OrderStatus,
): Promise<void> {
  await db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
}
