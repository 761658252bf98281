import { sql, type Kysely } from 'kysely';
import type { DB, SubscriptionStatusColumn } from '../../platform/database/schema';
import { day } from './subscription-charges.repository';

/*
 * The reads of `audit-billing` (billing-audit.service.ts, decision 057): whole tables, in pages of
 * subscriptions, with the few sums the rules need. Nothing here writes.
 */

/** A subscription as the ledger rules read it, with its unit's paid pucks and money kept. */
export type AuditSubscription = {
  id: number;
  user_id: number;
  plan_type: 'Monthly' | 'Annual' | 'Seasonal';
  payment_kind: 'card' | 'invoice';
  status: SubscriptionStatusColumn;
  billing_amount_cents: number;
  billing_frequency: number;
  puck_monthly_cents: number;
  credit_cents: number;
  term: number;
  start_date: string;
  next_billing_date: string | null;
  expiration_date: string | null;
  /** The billing day in New York of the next dunning attempt. */
  next_attempt_day: string | null;
  is_legacy_profile: boolean;
  /** Promoted free months of its plan option placed before the first charge (BEFORE), else 0. */
  option_free_months_before: number;
  /** Promoted free months of its plan option placed after the first period (AFTER), else 0. */
  option_free_months_after: number;
  /** Months of its plan option's promoted discount (a negative free-months count), else 0. */
  option_discount_months: number;
  /** Pucks on its unit whose upfront charge was made (`awaiting_payment = false`). */
  paid_pucks: number;
};

/**
 * A subscription charge as the ledger rules read it, or an invoice as one: issued is billed
 * (`succeeded`), for its total, never refunded.
 */
export type AuditCharge = {
  source: 'charge' | 'invoice';
  id: number;
  subscription_id: number;
  term: number;
  status: 'pending' | 'succeeded' | 'declined' | 'refunded';
  period_start: string | null;
  period_end: string | null;
  subtotal_cents: number;
  tax_cents: number;
  amount_cents: number;
  credit_cents: number;
  refunded_cents: number;
  /** A plan change gave its days from this one on back as credit (decision 054). */
  credited_from: string | null;
  created_at: Date;
};

/** A page of subscriptions after `afterId`, in id order. */
export async function findAuditSubscriptions(
  db: Kysely<DB>,
  { afterId, limit }: { afterId: number; limit: number },
): Promise<AuditSubscription[]> {
  return db
    .selectFrom('subscriptions as s')
    .leftJoin('user_devices as ud', 'ud.id', 's.user_device_id')
    .leftJoin('subscription_options as o', 'o.id', 's.subscription_option_id')
    .select([
      's.id',
      's.user_id',
      's.plan_type',
      's.payment_kind',
      's.status',
      's.billing_amount_cents',
      's.billing_frequency',
      's.puck_monthly_cents',
      's.credit_cents',
      's.term',
      day<string>('s.start_date').as('start_date'),
      day('s.next_billing_date').as('next_billing_date'),
      day('s.expiration_date').as('expiration_date'),
      sql<
        string | null
      >`to_char(s.next_attempt_at AT TIME ZONE 'America/New_York', 'YYYY-MM-DD')`.as(
        'next_attempt_day',
      ),
      's.is_legacy_profile',
      sql<number>`CASE WHEN o.free_months_method = 'BEFORE' THEN greatest(o.free_months, 0) ELSE 0 END`.as(
        'option_free_months_before',
      ),
      sql<number>`CASE WHEN o.free_months_method = 'AFTER' THEN greatest(o.free_months, 0) ELSE 0 END`.as(
        'option_free_months_after',
      ),
      sql<number>`coalesce(least(greatest(-o.free_months, 0), s.billing_frequency), 0)`.as(
        'option_discount_months',
      ),
      sql<number>`(SELECT count(*)::int FROM peripherals p
        WHERE p.device_id = ud.device_id AND p.awaiting_payment = false)`.as('paid_pucks'),
    ])
    .where('s.id', '>', afterId)
    .orderBy('s.id')
    .limit(limit)
    .$castTo<AuditSubscription>()
    .execute();
}

/** The subscription charges and invoices of some subscriptions, each oldest first. */
export async function findAuditCharges(
  db: Kysely<DB>,
  subscriptionIds: readonly number[],
): Promise<AuditCharge[]> {
  if (subscriptionIds.length === 0) return [];
  const charges = await db
    .selectFrom('charges')
    .select([
      sql<'charge'>`'charge'`.as('source'),
      'id',
      'subscription_id',
      'term',
      'status',
      day('period_start').as('period_start'),
      day('period_end').as('period_end'),
      'subtotal_cents',
      'tax_cents',
      'amount_cents',
      'credit_cents',
      'refunded_cents',
      day('credited_from').as('credited_from'),
      'created_at',
    ])
    .where('kind', '=', 'subscription')
    .where('subscription_id', 'in', subscriptionIds)
    .orderBy('id')
    .$castTo<AuditCharge>()
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select([
      sql<'invoice'>`'invoice'`.as('source'),
      'id',
      'subscription_id',
      'term',
      sql<'succeeded'>`'succeeded'`.as('status'),
      day('period_start').as('period_start'),
      day('period_end').as('period_end'),
      'subtotal_cents',
      'tax_cents',
      'total_cents as amount_cents',
      'credit_cents',
      sql<number>`0`.as('refunded_cents'),
      day('credited_from').as('credited_from'),
      'created_at',
    ])
    .where('subscription_id', 'in', subscriptionIds)
    .orderBy('id')
    .$castTo<AuditCharge>()
    .execute();
  return [...charges, ...invoices];
}

/** A charge of any kind whose refunds do not add up: what it reserved, what the refund rows say. */
export type RefundMismatch = {
  id: number;
  user_id: number | null;
  subscription_id: number | null;
  kind: string;
  status: string;
  amount_cents: number;
  refunded_cents: number;
  /** The refund rows in flight or made: what `refunded_cents` must equal. */
  reserved_cents: number;
  /** The refund rows made. */
  returned_cents: number;
};

/**
 * Charges whose refunds break the ledger: more refunded (or reserved, or returned) than charged,
 * a reservation that is not the sum of its refund rows, a status that disagrees with it, or a
 * refund of a charge that was never paid.
 */
export async function findRefundMismatches(db: Kysely<DB>): Promise<RefundMismatch[]> {
  const refunds = db
    .selectFrom('charges as r')
    .select([
      'r.refund_of_charge_id',
      sql<number>`coalesce(sum(r.amount_cents) FILTER (WHERE r.status IN ('pending', 'succeeded')), 0)::int`.as(
        'reserved_cents',
      ),
      sql<number>`coalesce(sum(r.amount_cents) FILTER (WHERE r.status = 'succeeded'), 0)::int`.as(
        'returned_cents',
      ),
      sql<number>`count(*) FILTER (WHERE r.amount_cents <= 0)::int`.as('empty_refunds'),
    ])
    .where('r.kind', '=', 'refund')
    .groupBy('r.refund_of_charge_id')
    .as('r');
  return db
    .selectFrom('charges as c')
    .leftJoin(refunds, 'r.refund_of_charge_id', 'c.id')
    .select([
      'c.id',
      'c.user_id',
      'c.subscription_id',
      'c.kind',
      'c.status',
      'c.amount_cents',
      'c.refunded_cents',
      sql<number>`coalesce(r.reserved_cents, 0)`.as('reserved_cents'),
      sql<number>`coalesce(r.returned_cents, 0)`.as('returned_cents'),
    ])
    .where('c.kind', '<>', 'refund')
    .where(
      sql<boolean>`(
        c.refunded_cents < 0
        OR c.refunded_cents > c.amount_cents
        OR c.refunded_cents <> coalesce(r.reserved_cents, 0)
        OR coalesce(r.returned_cents, 0) > c.amount_cents
        OR coalesce(r.empty_refunds, 0) > 0
        OR (c.status = 'refunded' AND c.refunded_cents < c.amount_cents)
        OR (c.status = 'succeeded' AND c.amount_cents > 0 AND c.refunded_cents >= c.amount_cents)
        OR (c.status IN ('pending', 'declined') AND coalesce(r.reserved_cents, 0) > 0)
      )`,
    )
    .orderBy('c.id')
    .$castTo<RefundMismatch>()
    .execute();
}

/** Charges left pending since a billing day (New York) before `beforeDay`. */
export async function findStalePendingCharges(
  db: Kysely<DB>,
  beforeDay: string,
): Promise<
  {
    id: number;
    user_id: number | null;
    subscription_id: number | null;
    kind: string;
    day: string;
  }[]
> {
  const createdDay = sql<string>`to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM-DD')`;
  return db
    .selectFrom('charges')
    .select(['id', 'user_id', 'subscription_id', 'kind', createdDay.as('day')])
    .where('status', '=', 'pending')
    .where(createdDay, '<', beforeDay)
    .orderBy('id')
    .execute();
}
