import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type UpdateObject,
  type Updateable,
} from 'kysely';
import type { ChargesTable, DB, SubscriptionsTable } from '../../platform/database/schema';

export type ChargeRow = Selectable<ChargesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** A `date` column read as 'YYYY-MM-DD' (the drivers would make it a midnight Date). */
export const day = <T extends string | null = string | null>(column: string) =>
  sql<T>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The subscription's columns, its days as 'YYYY-MM-DD'. */
export const subscriptionColumns = (table: string) => [
  ...(
    [
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
      'billing_street',
      'billing_city',
      'billing_state',
      'billing_zip',
      'free_months_after',
      'failed_attempts',
      'next_attempt_at',
      'puck_monthly_cents',
      'term',
      'credit_cents',
      'idempotency_key',
      'created_at',
      'updated_at',
    ] as const
  ).map((column) => sql.ref(`${table}.${column}`).as(column)),
  day<string>(`${table}.start_date`).as('start_date'),
  day(`${table}.end_date`).as('end_date'),
  day(`${table}.next_billing_date`).as('next_billing_date'),
  day(`${table}.last_payment_date`).as('last_payment_date'),
  day(`${table}.expiration_date`).as('expiration_date'),
];

/** The charge's columns, its period as 'YYYY-MM-DD'. */
export const chargeColumns = [
  ...(
    [
      'id',
      'charge_key',
      'user_id',
      'subscription_id',
      'kind',
      'subtotal_cents',
      'tax_cents',
      'amount_cents',
      'status',
      'processor_transaction_id',
      'processor_code',
      'processor_message',
      'card_type',
      'card_last4',
      'refund_of_charge_id',
      'refunded_cents',
      'created_at',
      'settled_at',
      'request_hash',
      'order_id',
      'term',
      'credit_cents',
    ] as const
  ).map((column) => sql.ref(`charges.${column}`).as(column)),
  day('charges.period_start').as('period_start'),
  day('charges.period_end').as('period_end'),
  day('charges.credited_from').as('credited_from'),
];

/** A subscription with what its e-mails name: the owner's address and brand, the unit. */
export type ChargeSubject = SubscriptionRow & {
  email_address: string;
  ap_contact_email: string | null;
  company_name: string | null;
  tenant_id: number;
  device_name: string | null;
  serial_number: string | null;
  /** The owner's default billing address: sales tax is reckoned there when the subscription has none. */
  default_zip: string | null;
  default_state: string | null;
  default_city: string | null;
  default_street: string | null;
};

export async function findChargeSubject(
  db: Kysely<DB>,
  subscriptionId: number,
): Promise<ChargeSubject | undefined> {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('user_devices as ud', 'ud.id', 's.user_device_id')
    .leftJoin('devices as d', 'd.id', 'ud.device_id')
    .leftJoin('billing_addresses as ba', (join) =>
      join.onRef('ba.user_id', '=', 's.user_id').on('ba.is_default', '=', true),
    )
    .select(subscriptionColumns('s'))
    .select([
      'u.email_address',
      'u.ap_contact_email',
      'u.company_name',
      'u.tenant_id',
      'ud.name as device_name',
      'd.serial_number',
      'ba.zip as default_zip',
      'ba.state as default_state',
      'ba.city as default_city',
      'ba.address1 as default_street',
    ])
    .where('s.id', '=', subscriptionId)
    .$castTo<ChargeSubject>()
    .executeTakeFirst();
}

/**
 * Every subscription charge made for one period of one term, oldest first (the attempts of its
 * dunning). An earlier term's charge for the same start day is another plan's (decision 054).
 */
export async function findPeriodCharges(
  db: Kysely<DB>,
  {
    subscriptionId,
    term,
    periodStart,
  }: { subscriptionId: number; term: number; periodStart: string },
): Promise<ChargeRow[]> {
  return db
    .selectFrom('charges')
    .select(chargeColumns)
    .where('subscription_id', '=', subscriptionId)
    .where('term', '=', term)
    .where('period_start', '=', periodStart)
    .where('kind', '=', 'subscription')
    .orderBy('id')
    .$castTo<ChargeRow>()
    .execute();
}

/**
 * A billed subscription period a plan change may credit back (decisions 054, 058): a paid charge,
 * or an invoice.
 */
export type CreditablePeriod = {
  source: 'charges' | 'invoices';
  id: number;
  start: string;
  end: string;
  /**
   * What billed it, money and credit, less refunds; tax aside (refunds are of the whole amount).
   * An invoice's whole subtotal: it is owed whether paid yet or not.
   */
  paidCents: number;
  creditedFrom: string | null;
};

/**
 * The subscription's billed periods, of any term, with days not yet credited on or after `from`:
 * what a plan change starting on `from` credits back. Oldest first.
 */
export async function findCreditablePeriods(
  db: Kysely<DB>,
  { subscriptionId, from }: { subscriptionId: number; from: string },
): Promise<CreditablePeriod[]> {
  const notCredited = (table: 'charges' | 'invoices') =>
    db
      .selectFrom(table)
      .select([
        'id',
        day<string>('period_start').as('start'),
        day<string>('period_end').as('end'),
        day('credited_from').as('creditedFrom'),
      ])
      .where('subscription_id', '=', subscriptionId)
      .where('period_end', '>=', from)
      .where((eb) => eb.or([eb('credited_from', 'is', null), eb('credited_from', '>', from)]));
  const charges = await notCredited('charges')
    .select(
      sql<number>`greatest(0, subtotal_cents + credit_cents - refunded_cents)::int`.as('paidCents'),
    )
    .where('kind', '=', 'subscription')
    // A charge refunded whole still paid with the credit it took: those days keep that value.
    .where('status', 'in', ['succeeded', 'refunded'])
    .where('period_start', 'is not', null)
    .execute();
  const invoices = await notCredited('invoices')
    .select(sql<number>`(subtotal_cents + credit_cents)::int`.as('paidCents'))
    .execute();
  return [
    ...charges.map((row) => ({ ...row, source: 'charges' as const })),
    ...invoices.map((row) => ({ ...row, source: 'invoices' as const })),
  ].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id));
}

/** A billed period's days from `creditedFrom` on given to a later plan (null: none). */
export type CreditMark = Pick<CreditablePeriod, 'source' | 'id' | 'creditedFrom'>;

/** Marks (or unmarks, with null) the days of billed periods credited to a later plan. */
export async function setCreditedFrom(db: Kysely<DB>, marks: readonly CreditMark[]): Promise<void> {
  for (const mark of marks) {
    await db
      .updateTable(mark.source)
      .set({ credited_from: mark.creditedFrom })
      .where('id', '=', mark.id)
      .execute();
  }
}

/** Locks a subscription's row for the transaction; answers its term (undefined: no such row). */
export async function lockSubscriptionTerm(
  db: Kysely<DB>,
  subscriptionId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select('term')
    .where('id', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
  return row?.term;
}

/** True while a charge of the subscription of this kind is in flight (pending). */
export async function hasPendingCharge(
  db: Kysely<DB>,
  subscriptionId: number,
  kind: 'subscription' | 'upfront',
): Promise<boolean> {
  const row = await db
    .selectFrom('charges')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts a charge as pending, committed on its own before the processor is called. Answers
 * undefined when a unique index refused it: another process holds this period's (or this key's)
 * charge already (`charges_one_per_period`, `charge_key`).
 */
export async function insertPendingCharge(
  db: Kysely<DB>,
  values: Insertable<ChargesTable>,
): Promise<ChargeRow | undefined> {
  return db
    .insertInto('charges')
    .values({ ...values, status: 'pending' })
    .onConflict((conflict) => conflict.doNothing())
    .returning(chargeColumns)
    .$castTo<ChargeRow>()
    .executeTakeFirst();
}

/** Records a pending charge's outcome; answers undefined when it was settled already. */
export async function settlePendingCharge(
  db: Kysely<DB>,
  chargeId: number,
  values: Updateable<ChargesTable>,
): Promise<ChargeRow | undefined> {
  return db
    .updateTable('charges')
    .set(values)
    .where('id', '=', chargeId)
    .where('status', '=', 'pending')
    .returning(chargeColumns)
    .$castTo<ChargeRow>()
    .executeTakeFirst();
}

/**
 * Moves a subscription's billing on. With `term`, only while the subscription is still in that
 * term: a charge of a plan since changed moves the new plan's dates not (decision 054).
 */
export async function updateSubscriptionBilling(
  db: Kysely<DB>,
  subscriptionId: number,
  values: UpdateObject<DB, 'subscriptions'>,
  { term }: { term?: number } = {},
): Promise<void> {
  let query = db.updateTable('subscriptions').set(values).where('id', '=', subscriptionId);
  if (term !== undefined) query = query.where('term', '=', term);
  await query.execute();
}

/** The charge made under a key (an upfront charge's Idempotency-Key). */
export async function findChargeByKey(
  db: Kysely<DB>,
  chargeKey: string,
): Promise<ChargeRow | undefined> {
  return db
    .selectFrom('charges')
    .select(chargeColumns)
    .where('charge_key', '=', chargeKey)
    .$castTo<ChargeRow>()
    .executeTakeFirst();
}
