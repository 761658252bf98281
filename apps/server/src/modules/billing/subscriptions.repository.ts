import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, SubscriptionsTable } from '../../platform/database/schema';
import { subscriptionColumns, type SubscriptionRow } from './subscription-charges.repository';

export type { SubscriptionRow } from './subscription-charges.repository';

export type SubscriptionValues = Omit<Insertable<SubscriptionsTable>, 'id' | 'created_at'>;

/** Every column, billing days as 'YYYY-MM-DD' (one list with the billing run's). */
const columns = () => subscriptionColumns('subscriptions');

function selectSubscription(db: Kysely<DB>) {
  return db.selectFrom('subscriptions').select(columns()).$castTo<SubscriptionRow>();
}

export function findSubscriptionRow(
  db: Kysely<DB>,
  id: number,
): Promise<SubscriptionRow | undefined> {
  return selectSubscription(db).where('id', '=', id).executeTakeFirst();
}

export function findSubscriptionRowByKey(
  db: Kysely<DB>,
  idempotencyKey: string,
): Promise<SubscriptionRow | undefined> {
  return selectSubscription(db).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** The device's subscription in force (not cancelled): at most one, by index. */
export function findSubscriptionRowInForce(
  db: Kysely<DB>,
  userDeviceId: number,
): Promise<SubscriptionRow | undefined> {
  return selectSubscription(db)
    .where('user_device_id', '=', userDeviceId)
    .where('status', '<>', 'Cancelled')
    .executeTakeFirst();
}

/** A user's subscriptions, oldest first. */
export function findSubscriptionRowsOfUser(
  db: Kysely<DB>,
  userId: number,
): Promise<SubscriptionRow[]> {
  return selectSubscription(db).where('user_id', '=', userId).orderBy('id').execute();
}

export function findSubscriptionRowByToken(
  db: Kysely<DB>,
  userId: number,
  paymentMethodToken: string,
): Promise<SubscriptionRow | undefined> {
  return selectSubscription(db)
    .where('user_id', '=', userId)
    .where('payment_method_token', '=', paymentMethodToken)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function countSubscriptionsWithToken(
  db: Kysely<DB>,
  paymentMethodToken: string,
): Promise<number> {
  return db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('payment_method_token', '=', paymentMethodToken)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export async function insertSubscription(
  db: Kysely<DB>,
  values: SubscriptionValues,
): Promise<SubscriptionRow> {
  return await db
    .insertInto('subscriptions')
    .values(values)
    .returning(columns())
    .$castTo<SubscriptionRow>()
    .executeTakeFirstOrThrow();
}

export async function updateSubscription(
  db: Kysely<DB>,
  id: number,
  values: Updateable<SubscriptionsTable>,
): Promise<SubscriptionRow | undefined> {
  return await db
    .updateTable('subscriptions')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(columns())
    .$castTo<SubscriptionRow>()
    .executeTakeFirst();
}

export async function deleteSubscription(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('subscriptions').where('id', '=', id).execute();
}
