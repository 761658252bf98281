import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/** The subscription in force on a user device, with its plan's own monthly amount. */
export async function findDeviceSubscription(db: Kysely<DB>, userDeviceId: number) {
  return db
    .selectFrom('subscriptions as s')
    .leftJoin('subscription_options as o', 'o.id', 's.subscription_option_id')
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
      'o.billing_amount_cents as plan_amount_cents',
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

export async function setMonthlyAmount(
  db: Kysely<DB>,
  subscriptionId: number,
  cents: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ billing_amount_cents: cents, updated_at: now })
    .where('id', '=', subscriptionId)
    .execute();
}
