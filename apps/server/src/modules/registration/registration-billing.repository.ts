import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type SubscriptionOptionRow = Selectable<DB['subscription_options']>;
export type SubscriptionRow = Selectable<DB['subscriptions']>;
export type ChargeRow = Selectable<DB['charges']>;

export function findSubscriptionOption(
  db: Kysely<DB>,
  id: number,
): Promise<SubscriptionOptionRow | undefined> {
  return db.selectFrom('subscription_options').selectAll().where('id', '=', id).executeTakeFirst();
}

const SUBSCRIPTION_DATES = [
  sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
  sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
  sql<string | null>`to_char(next_billing_date, 'YYYY-MM-DD')`.as('next_billing_date'),
  sql<string | null>`to_char(last_payment_date, 'YYYY-MM-DD')`.as('last_payment_date'),
  sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
] as const;

export function insertSubscription(
  db: Kysely<DB>,
  values: Insertable<DB['subscriptions']>,
): Promise<SubscriptionRow> {
  return db
    .insertInto('subscriptions')
    .values(values)
    .returningAll()
    .returning(SUBSCRIPTION_DATES)
    .executeTakeFirstOrThrow();
}

export function findSubscription(db: Kysely<DB>, id: number): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .select(SUBSCRIPTION_DATES)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function cancelSubscriptionRow(
  db: Kysely<DB>,
  id: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  return db
    .updateTable('subscriptions')
    .set({ status: 'Cancelled', next_attempt_at: null, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .returning(SUBSCRIPTION_DATES)
    .executeTakeFirst();
}

/** Whether any subscription in force pays with this vaulted card. */
export async function isCardInUse(db: Kysely<DB>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('payment_method_token', '=', token)
    .where('status', '<>', 'Cancelled')
    .executeTakeFirst();
  return row !== undefined;
}

export function insertCharge(
  db: Kysely<DB>,
  values: Insertable<DB['charges']>,
): Promise<ChargeRow> {
  return db.insertInto('charges').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCharge(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['charges']>,
): Promise<void> {
  await db.updateTable('charges').set(values).where('id', '=', id).execute();
}

/** A subscription's charges that took or may have taken money: what undoing it must return. */
export function findChargesToReturn(db: Kysely<DB>, subscriptionId: number): Promise<ChargeRow[]> {
  return db
    .selectFrom('charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '<>', 'refund')
    .where('status', 'in', ['pending', 'succeeded'])
    .orderBy('id')
    .execute();
}

export async function setUserCustomerId(
  db: Kysely<DB>,
  userId: number,
  customerId: string,
): Promise<void> {
  await db.updateTable('users').set({ customer_id: customerId }).where('id', '=', userId).execute();
}
