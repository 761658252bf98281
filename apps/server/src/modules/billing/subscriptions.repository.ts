import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, SubscriptionsTable } from '../../platform/database/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionValues = Omit<Insertable<SubscriptionsTable>, 'id' | 'created_at'>;

const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

const COLUMNS = [
  'id',
  'user_id',
  'user_device_id',
  'subscription_option_id',
  'plan_type',
  'billing_amount_cents',
  'billing_frequency',
  'payment_kind',
  'status',
  'is_legacy_profile',
  'customer_id',
  'payment_method_token',
  'card_type',
  'card_last4',
  'card_expiration_month',
  'card_expiration_year',
  'first_charge_discount_cents',
  'free_months_after',
  'billing_street',
  'billing_city',
  'billing_state',
  'billing_zip',
  'puck_monthly_cents',
  'failed_attempts',
  'next_attempt_at',
  'idempotency_key',
  'created_at',
  'updated_at',
] as const;

/** Every column, billing days as YYYY-MM-DD text (node-postgres would make them local midnights). */
function columns() {
  return [
    ...COLUMNS,
    sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
    day('end_date').as('end_date'),
    day('next_billing_date').as('next_billing_date'),
    day('last_payment_date').as('last_payment_date'),
    day('expiration_date').as('expiration_date'),
  ];
}

function selectSubscription(db: Kysely<DB>) {
  return db.selectFrom('subscriptions').select(columns());
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
    .executeTakeFirst();
}

export async function deleteSubscription(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('subscriptions').where('id', '=', id).execute();
}
