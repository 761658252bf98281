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

/** The pucks attached to a unit. */
export async function countDevicePucks(db: Kysely<DB>, deviceId: number): Promise<number> {
  const row = await db
    .selectFrom('peripherals')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return row.count;
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
