import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';
import { computePeriodCharge } from '@monitor/domain/billing/subscription-charges';
import { computeSeasonalEndDate } from '@monitor/domain/billing/subscription-start';
import { addDays, addMonths, type IsoDate } from '@monitor/domain/shared/calendar-date';
import { cents } from '@monitor/domain/shared/money';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { PaymentTransaction } from '../../adapters/payments/payment-processor';
import type { DB } from '../../platform/database/schema';
import { AppError } from '../../platform/errors';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { calculateTax } from '../sales/sales-tax.service';
import { billingToday } from './billing-day';
import { nextDunningStep } from './dunning';
import type { BillingMailBase } from './mail/billing-mail';
import { buildPaymentFailedMail } from './mail/payment-failed.mail';
import { buildReceiptMail } from './mail/receipt.mail';
import { buildSuspendedMail } from './mail/suspended.mail';
import {
  findChargeSubject,
  findPeriodCharges,
  insertPendingCharge,
  settlePendingCharge,
  updateSubscriptionBilling,
  type ChargeRow,
  type ChargeSubject,
} from './subscription-charges.repository';

export type { ChargeRow } from './subscription-charges.repository';

export type ChargeOutcome =
  | { kind: 'charged' | 'alreadyCharged'; charge: ChargeRow }
  | { kind: 'declined'; errors: PaymentProcessorError[] }
  | { kind: 'notDue' };

/**
 * A pending charge older than this has lost its process (a crash, a lost answer): the next run
 * looks its order id up at the processor and settles it from what it finds. Younger ones may
 * still be in flight elsewhere and are left alone.
 */
export const PENDING_CHARGE_STALE_MS = 10 * 60 * 1000;

/** Statuses billed as periods fall due; Pending is billed at sign-up (the first charge). */
const BILLABLE = new Set(['Active', 'PastDue', 'Pending']);

/**
 * Sales tax on a subscription period, at the address the card is billed at (the owner's default
 * billing address for a subscription saved without one), through the sales module's
 * `calculateTax`: charged in the nexus states only (§9 "tax subtotal is amount times frequency").
 * An address the tax service refuses (400: it was checked when saved, so its ZIP has since gone)
 * is billed without tax rather than never billed; a tax service that did not answer throws, so
 * nothing is charged and the next run tries again.
 */
export async function taxForSubscription(
  ctx: AppContext,
  subject: ChargeSubject,
  subtotalCents: number,
): Promise<number> {
  const own = Boolean(subject.billing_zip);
  const zip = own ? subject.billing_zip : subject.default_zip;
  if (!zip) return 0;
  try {
    const { taxCents } = await calculateTax(ctx, {
      address: {
        zip,
        state: (own ? subject.billing_state : subject.default_state) ?? '',
        city: (own ? subject.billing_city : subject.default_city) ?? undefined,
        street: (own ? subject.billing_street : subject.default_street) ?? undefined,
      },
      amountCents: cents(subtotalCents),
    });
    return taxCents;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) return 0;
    throw error;
  }
}

/**
 * The period a charge starting on `periodStart` pays for, and the next billing date. A seasonal
 * plan pays its season (start plus its months, less a day) and bills again next year's season,
 * 12 months after (accounts-devices-billing §4); the others bill every `billing_frequency` months.
 */
export function billingPeriod(
  subscription: Pick<ChargeSubject, 'plan_type' | 'billing_frequency'>,
  periodStart: IsoDate,
): { periodEnd: IsoDate; nextBillingDate: IsoDate } {
  const months = subscription.billing_frequency;
  if (subscription.plan_type === 'Seasonal') {
    return {
      periodEnd: computeSeasonalEndDate(periodStart, months),
      nextBillingDate: addMonths(periodStart, 12),
    };
  }
  const nextBillingDate = addMonths(periodStart, months);
  return { periodEnd: addDays(nextBillingDate, -1), nextBillingDate };
}

/**
 * The period billed from `periodStart` (charged or invoiced) and the next billing date after it:
 * promoted free months placed after the first period move that date once.
 */
function billedPeriod(
  subject: Pick<ChargeSubject, 'plan_type' | 'billing_frequency' | 'free_months_after'>,
  periodStart: IsoDate,
): { periodEnd: IsoDate; nextBillingDate: IsoDate } {
  const { periodEnd, nextBillingDate } = billingPeriod(subject, periodStart);
  return { periodEnd, nextBillingDate: addMonths(nextBillingDate, subject.free_months_after) };
}

/**
 * A subscription once a period is billed, charged or invoiced (decisions 036, 054): its dates moved
 * on (a seasonal plan expires the day after its season), the promotion used up, and the credit the
 * period took spent — what is left of it waits for the next period.
 */
export function billedPeriodColumns(
  subject: Pick<ChargeSubject, 'plan_type' | 'billing_frequency' | 'free_months_after'>,
  periodStart: IsoDate,
  creditSpentCents: number,
) {
  const { periodEnd, nextBillingDate } = billedPeriod(subject, periodStart);
  return {
    next_billing_date: nextBillingDate,
    expiration_date: subject.plan_type === 'Seasonal' ? addDays(periodEnd, 1) : nextBillingDate,
    ...(subject.plan_type === 'Seasonal' && { end_date: periodEnd }),
    first_charge_discount_cents: 0,
    credit_cents: sql<number>`greatest(0, credit_cents - ${creditSpentCents})`,
    free_months_after: 0,
  };
}

/**
 * A subscription charge's key, the processor's order id (decisions 036, 054): one per subscription,
 * term, period and attempt. The first term keeps the key it always had.
 */
export function subscriptionChargeKey(input: {
  subscriptionId: number;
  term: number;
  periodStart: string;
  attempt: number;
}): string {
  const { subscriptionId, term, periodStart, attempt } = input;
  return term === 1
    ? `subscription:${subscriptionId}:${periodStart}:${attempt}`
    : `subscription:${subscriptionId}:term${term}:${periodStart}:${attempt}`;
}

/** The e-mails' common part: the owner, the brand, the unit, the page to manage it. */
export function billingMailBase(
  ctx: AppContext,
  subject: ChargeSubject,
  to = subject.email_address,
): BillingMailBase {
  const brand = ctx.brands[subject.tenant_id as keyof AppContext['brands']];
  return {
    to,
    brand,
    deviceName: subject.device_name ?? subject.serial_number ?? `subscription ${subject.id}`,
    manageUrl: `${ctx.config.publicUrl}/account/subscriptions?tid=${subject.tenant_id}`,
  };
}

/**
 * Charges a card subscription's period starting at its next billing date once that day has come
 * (billing days in New York, `billingToday`), exactly once per subscription and period however
 * many processes try (decision 036):
 * 1. the `charges` row goes in as pending, committed on its own, before the processor is called —
 *    `charges_one_per_period` (subscription, term, period start) refuses a second one while it is
 *    pending or paid;
 * 2. its `charge_key` (`subscriptionChargeKey`) is the processor's order id;
 * 3. the answer is recorded with the subscription's new dates (or its dunning step) and the
 *    e-mail, in one transaction. An unknown outcome leaves the row pending: it is settled later
 *    from `findTransactionByOrderId`, never charged blindly again.
 * A PastDue subscription is charged only once its `next_attempt_at` has come. A charge in flight
 * elsewhere answers `alreadyCharged` with its pending row.
 *
 * `whileOwnerWaits`: the charge is made during the owner's own call (signing up, changing plan,
 * reactivating), so a decline is answered to them there and the caller undoes the change: it is
 * recorded, but starts no dunning and sends no e-mail.
 */
export async function chargeSubscriptionPeriod(
  ctx: AppContext,
  {
    subscriptionId,
    whileOwnerWaits = false,
  }: { subscriptionId: number; whileOwnerWaits?: boolean },
): Promise<ChargeOutcome> {
  const subject = await findChargeSubject(ctx.db, subscriptionId);
  const periodStart = subject?.next_billing_date as IsoDate | null | undefined;
  if (
    !subject ||
    !periodStart ||
    subject.payment_kind !== 'card' ||
    !BILLABLE.has(subject.status) ||
    periodStart > billingToday(ctx)
  ) {
    return { kind: 'notDue' };
  }
  const now = ctx.now();
  if (subject.status === 'PastDue' && subject.next_attempt_at && subject.next_attempt_at > now) {
    return { kind: 'notDue' };
  }

  const period = { subscriptionId: subject.id, term: subject.term, periodStart };
  const attempts = await findPeriodCharges(ctx.db, period);
  const held = attempts.find(
    (charge) => charge.status === 'succeeded' || charge.status === 'pending',
  );
  if (held?.status === 'succeeded') return { kind: 'alreadyCharged', charge: held };
  if (held) {
    if (now.getTime() - held.created_at.getTime() < PENDING_CHARGE_STALE_MS) {
      return { kind: 'alreadyCharged', charge: held };
    }
    const settled = await settleByLookup(ctx, subject, held);
    if (settled) return settled;
    // The processor has no such transaction: the charge was never made, so a fresh attempt is safe.
    return chargeSubscriptionPeriod(ctx, { subscriptionId, whileOwnerWaits });
  }

  // The plan's months less the promoted discount, then less a plan change's credit (decision 054).
  const { subtotal, creditUsed } = computePeriodCharge({
    monthlyAmount: cents(subject.billing_amount_cents),
    billingFrequency: subject.billing_frequency,
    discount: cents(subject.first_charge_discount_cents),
    credit: cents(subject.credit_cents),
  });
  const tax = await taxForSubscription(ctx, subject, subtotal);
  const { periodEnd } = billingPeriod(subject, periodStart);
  const pending = await insertPendingCharge(ctx.db, {
    charge_key: subscriptionChargeKey({ ...period, attempt: attempts.length + 1 }),
    user_id: subject.user_id,
    subscription_id: subject.id,
    kind: 'subscription',
    term: subject.term,
    credit_cents: creditUsed,
    period_start: periodStart,
    period_end: periodEnd,
    subtotal_cents: subtotal,
    tax_cents: tax,
    amount_cents: subtotal + tax,
    status: 'pending',
    card_type: subject.card_type,
    card_last4: subject.card_last4,
    created_at: now,
  });
  if (!pending) {
    const [inFlight] = (await findPeriodCharges(ctx.db, period)).filter(
      (charge) => charge.status === 'succeeded' || charge.status === 'pending',
    );
    return inFlight ? { kind: 'alreadyCharged', charge: inFlight } : { kind: 'notDue' };
  }
  // A period made free by a promotion costs nothing: nothing goes to the processor.
  if (pending.amount_cents === 0) return recordPaid(ctx, subject, pending, null);

  // A rejection (processor unreachable) leaves the row pending for the lookup above.
  const sale = await ctx.payments.sale({
    amountCents: pending.amount_cents,
    orderId: pending.charge_key,
    paymentMethodToken: subject.payment_method_token ?? undefined,
    customerId: subject.customer_id,
  });
  return sale.ok
    ? recordPaid(ctx, subject, pending, sale.value)
    : recordDeclined(ctx, subject, pending, sale.errors, {
        providerDetail: sale.providerDetail,
        whileOwnerWaits,
      });
}

/** Settles a lost charge from the processor's record of its order id; undefined when there is none. */
async function settleByLookup(
  ctx: AppContext,
  subject: ChargeSubject,
  charge: ChargeRow,
): Promise<ChargeOutcome | undefined> {
  const transaction = await ctx.payments.findTransactionByOrderId(charge.charge_key);
  if (!transaction) {
    await settlePendingCharge(ctx.db, charge.id, {
      status: 'declined',
      processor_message: 'Not made: the processor has no transaction for this order id.',
      settled_at: ctx.now(),
    });
    return undefined;
  }
  if (transaction.status === 'settled' || transaction.status === 'submitted_for_settlement') {
    return recordPaid(ctx, subject, charge, transaction);
  }
  return recordDeclined(ctx, subject, charge, [{ message: `Transaction ${transaction.status}.` }]);
}

async function recordPaid(
  ctx: AppContext,
  subject: ChargeSubject,
  charge: ChargeRow,
  transaction: PaymentTransaction | null,
): Promise<ChargeOutcome> {
  const periodStart = charge.period_start as IsoDate;
  const { periodEnd, nextBillingDate } = billedPeriod(subject, periodStart);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const paid = await settlePendingCharge(trx, charge.id, {
      status: 'succeeded',
      processor_transaction_id: transaction?.id ?? null,
      card_type: transaction?.cardType ?? charge.card_type,
      card_last4: transaction?.last4 ?? charge.card_last4,
      settled_at: now,
    });
    if (!paid) return { kind: 'alreadyCharged', charge } as const;
    // The credit it took is spent; what is left waits for the next period (decision 054).
    await updateSubscriptionBilling(
      trx,
      subject.id,
      {
        status: 'Active',
        last_payment_date: billingToday(ctx),
        ...billedPeriodColumns(subject, periodStart, paid.credit_cents),
        failed_attempts: 0,
        next_attempt_at: null,
        updated_at: now,
      },
      { term: paid.term },
    );
    const mail = buildReceiptMail({
      ...billingMailBase(ctx, subject),
      amountCents: paid.amount_cents,
      taxCents: paid.tax_cents,
      cardType: paid.card_type,
      cardLast4: paid.card_last4,
      periodStart,
      periodEnd,
      nextBillingDate,
    });
    await queueDelivery(
      ctx,
      { kind: 'payment-receipt', userId: subject.user_id, ...toMailDelivery(mail) },
      trx,
    );
    return { kind: 'charged', charge: paid } as const;
  });
}

/** When the period's first decline happened: the dunning schedule counts from it. */
async function firstDeclineAt(db: Kysely<DB>, charge: ChargeRow, now: Date): Promise<Date> {
  const earlier = await findPeriodCharges(db, {
    subscriptionId: charge.subscription_id ?? 0,
    term: charge.term,
    periodStart: charge.period_start ?? '',
  });
  const first = earlier.find(
    (row) => row.status === 'declined' && row.id !== charge.id && row.processor_code !== null,
  );
  return first?.settled_at ?? now;
}

async function recordDeclined(
  ctx: AppContext,
  subject: ChargeSubject,
  charge: ChargeRow,
  errors: PaymentProcessorError[],
  {
    providerDetail,
    whileOwnerWaits = false,
  }: { providerDetail?: string; whileOwnerWaits?: boolean } = {},
): Promise<ChargeOutcome> {
  const now = ctx.now();
  const failedAttempts = subject.failed_attempts + 1;
  const step = nextDunningStep(failedAttempts, await firstDeclineAt(ctx.db, charge, now));
  const reason = errors.map((error) => error.message).join(' ') || 'The card was declined.';
  const base = billingMailBase(ctx, subject);
  return ctx.db.transaction().execute(async (trx) => {
    const declined = await settlePendingCharge(trx, charge.id, {
      status: 'declined',
      processor_code:
        errors.find((error) => error.code !== undefined)?.code?.toString() ?? 'declined',
      processor_message: [reason, providerDetail].filter(Boolean).join(' — ').slice(0, 500),
      settled_at: now,
    });
    if (!declined || whileOwnerWaits) return { kind: 'declined', errors } as const;
    if (step.kind === 'retry') {
      await updateSubscriptionBilling(
        trx,
        subject.id,
        {
          status: 'PastDue',
          failed_attempts: failedAttempts,
          next_attempt_at: step.nextAttemptAt,
          updated_at: now,
        },
        { term: declined.term },
      );
      const mail = buildPaymentFailedMail({
        ...base,
        amountCents: charge.amount_cents,
        cardType: charge.card_type,
        cardLast4: charge.card_last4,
        reason,
        nextAttemptOn: billingToday({ now: () => step.nextAttemptAt }),
        suspendAfter: billingToday({ now: () => step.lastAttemptAt }),
      });
      await queueDelivery(
        ctx,
        { kind: 'payment-failed', userId: subject.user_id, ...toMailDelivery(mail) },
        trx,
      );
    } else {
      // Service was paid until the unpaid period began.
      await updateSubscriptionBilling(
        trx,
        subject.id,
        {
          status: 'Suspended',
          failed_attempts: failedAttempts,
          next_attempt_at: null,
          expiration_date: charge.period_start,
          updated_at: now,
        },
        { term: declined.term },
      );
      const mail = buildSuspendedMail({
        ...base,
        amountCents: charge.amount_cents,
        expirationDate: charge.period_start ?? '',
      });
      await queueDelivery(
        ctx,
        { kind: 'subscription-suspended', userId: subject.user_id, ...toMailDelivery(mail) },
        trx,
      );
    }
    return { kind: 'declined', errors } as const;
  });
}
