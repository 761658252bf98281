import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/** The subscription in force on a user device, with its plan's own monthly amount. */
export async function findDeviceSubscription(db: Kysely<DB>, userDeviceId: number) {
  return db
    .selectFrom('subscriptions as s')
    .select([
      's.id',
      's.user_id',
      's.plan_type',
      's.billing_frequency',
      's.billing_amount_cents',
      's.payment_method_token',
      's.customer_id',
      's.payment_kind',
      's.card_type',
      's.card_last4',
      's.puck_monthly_cents',
      sql<string | null>`to_char(s.next_billing_date, 'YYYY-MM-DD')`.as('next_billing_date'),
    ])
    .where('s.user_device_id', '=', userDeviceId)
    .where('s.status', '<>', 'Cancelled')
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

/** The pucks attached to a unit: all, only the paid ones, or only those awaiting payment. */
export async function countDevicePucks(
  db: Kysely<DB>,
  deviceId: number,
  { paidOnly = false, awaitingOnly = false }: { paidOnly?: boolean; awaitingOnly?: boolean } = {},
): Promise<number> {
  let query = db
    .selectFrom('peripherals')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('device_id', '=', deviceId);
  if (paidOnly) query = query.where('awaiting_payment', '=', false);
  if (awaitingOnly) query = query.where('awaiting_payment', '=', true);
  const row = await query.executeTakeFirstOrThrow();
  return row.count;
}

/** The first `quantity` pucks awaiting payment on a unit become paid; answers how many did. */
export async function markPucksPaid(
  db: Kysely<DB>,
  deviceId: number,
  quantity: number,
): Promise<number> {
  const rows = await db
    .updateTable('peripherals')
    .set({ awaiting_payment: false })
    .where(
      'id',
      'in',
      db
        .selectFrom('peripherals')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('awaiting_payment', '=', true)
        .orderBy('id')
        .limit(quantity),
    )
    .returning('id')
    .execute();
  return rows.length;
}

/** Sets the pucks' part of the monthly amount, the plan's part kept as it is. */
export async function setPuckMonthlyAmount(
  db: Kysely<DB>,
  subscriptionId: number,
  puckCents: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({
      billing_amount_cents: sql`billing_amount_cents - puck_monthly_cents + ${puckCents}`,
      puck_monthly_cents: puckCents,
      updated_at: now,
    })
    .where('id', '=', subscriptionId)
    .execute();
}
