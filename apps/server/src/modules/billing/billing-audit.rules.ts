import { PUCK_MONTHLY_CENTS, pucksMonthlyCents } from '@monitor/domain/billing/puck-charges';
import { MAX_PERIPHERALS_PER_DEVICE } from '@monitor/domain/devices/pucks';
import {
  addDays,
  addMonths,
  dateParts,
  daysInMonth,
  type IsoDate,
} from '@monitor/domain/shared/calendar-date';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import type { AuditCharge, AuditSubscription } from './billing-audit.repository';

/*
 * The ledger invariants of one subscription and its charges or invoices (decisions 057, 058), pure: what
 * `audit-billing` checks on the live database and the billing property test after every sequence.
 */

export type BillingRule =
  | 'recurring-amount'
  | 'refund-exceeds-charge'
  | 'period-charged-twice'
  | 'credit-exceeds-payments'
  | 'charged-after-expiration'
  | 'period-overdue'
  | 'period-skipped'
  | 'charge-arithmetic'
  | 'charge-price'
  | 'charge-stuck-pending';

/** One broken invariant: whose, which rule, and what the rows say. */
export type BillingFinding = {
  subscriptionId: number | null;
  userId: number | null;
  rule: BillingRule;
  detail: string;
};

const money = (amount: number) => formatCents(amount as Cents);
const period = (c: AuditCharge) => `${c.period_start}..${c.period_end}`;
/** A charge or invoice by name: `charge #12`, `invoice #3`. */
const named = (c: AuditCharge) => `${c.source} #${c.id}`;

/** Paid and kept, wholly or in part: a charge wholly refunded pays for nothing. */
const isPaid = (c: AuditCharge) => c.status === 'succeeded';
/** Billed: the period was charged, whatever staff refunded since. */
const isBilled = (c: AuditCharge) => c.status === 'succeeded' || c.status === 'refunded';

/** The next period's start after one starting on `start` (decision 036 `billingPeriod`). */
function nextPeriodStart(s: AuditSubscription, start: IsoDate): IsoDate {
  return addMonths(start, s.plan_type === 'Seasonal' ? 12 : s.billing_frequency);
}

/**
 * Every invariant of one subscription with its subscription charges (any order), as of `asOf`.
 */
export function checkSubscriptionLedger(
  s: AuditSubscription,
  charges: readonly AuditCharge[],
  asOf: IsoDate,
): BillingFinding[] {
  const findings: BillingFinding[] = [];
  const find = (rule: BillingRule, detail: string) =>
    findings.push({ subscriptionId: s.id, userId: s.user_id, rule, detail });
  const sorted = [...charges].sort((a, b) => a.id - b.id);
  checkRecurringAmount(s, find);
  checkArithmetic(s, sorted, find);
  checkChargedOnce(sorted, find);
  checkCredit(s, sorted, find);
  checkExpiration(s, sorted, find);
  if (!s.is_legacy_profile) {
    checkOverdue(s, asOf, find);
    const term = currentTermCharges(s, sorted);
    checkPrice(s, term, find);
    checkNothingSkipped(s, term, find);
  }
  return findings;
}

type Find = (rule: BillingRule, detail: string) => void;

/** The recurring amount is the plan's plus $3.00 a paid puck (decisions 036, 056). */
function checkRecurringAmount(s: AuditSubscription, find: Find) {
  if (s.status === 'Cancelled') return;
  const expected = pucksMonthlyCents(s.paid_pucks);
  if (s.puck_monthly_cents !== expected) {
    find(
      'recurring-amount',
      `pucks' part of the monthly amount is ${money(s.puck_monthly_cents)}, but its unit has ${s.paid_pucks} paid puck(s): ${money(expected)}`,
    );
  }
  if (s.billing_amount_cents < s.puck_monthly_cents) {
    find(
      'recurring-amount',
      `monthly amount ${money(s.billing_amount_cents)} is less than its pucks' part ${money(s.puck_monthly_cents)}`,
    );
  }
}

/** A charge's amount is its subtotal plus tax, none negative; it pays for whole months. */
function checkArithmetic(s: AuditSubscription, charges: readonly AuditCharge[], find: Find) {
  for (const c of charges) {
    if (
      c.amount_cents !== c.subtotal_cents + c.tax_cents ||
      c.subtotal_cents < 0 ||
      c.tax_cents < 0
    )
      find(
        'charge-arithmetic',
        `${named(c)}: amount ${money(c.amount_cents)} is not subtotal ${money(c.subtotal_cents)} + tax ${money(c.tax_cents)} (or one is negative)`,
      );
    if (!isBilled(c)) continue;
    if (!c.period_start || !c.period_end) {
      find('charge-arithmetic', `${named(c)} was paid for no period`);
      continue;
    }
    const start = c.period_start as IsoDate;
    const months =
      c.term === s.term && c.period_start >= s.start_date
        ? [s.billing_frequency]
        : Array.from({ length: 12 }, (_, i) => i + 1);
    if (!months.some((m) => addDays(addMonths(start, m), -1) === c.period_end))
      find(
        'charge-arithmetic',
        `${named(c)} pays for ${period(c)}, not ${months.length === 1 ? `${months[0]} month(s)` : 'whole months'} from its start`,
      );
  }
}

/** The days from `from` through `through` as months, each day 1/(days of its month) (§9). */
function proratedMonths(from: string, through: string): number {
  let months = 0;
  for (let d = from as IsoDate; d <= through; d = addDays(d, 1)) {
    const { year, month } = dateParts(d);
    months += 1 / daysInMonth(year, month);
  }
  return months;
}

/**
 * No day is paid twice. Within one plan (term) two charges never cover one day; a later plan's
 * period may cover days an earlier plan's charge paid for only once the plan change gave those
 * days back as credit (`credited_from`, decision 054) — or they were worth nothing (a free month).
 */
function checkChargedOnce(charges: readonly AuditCharge[], find: Find) {
  const paid = charges.filter((c) => isPaid(c) && c.period_start && c.period_end);
  for (const [i, a] of paid.entries()) {
    for (const b of paid.slice(i + 1)) {
      if (a.period_start! > b.period_end! || b.period_start! > a.period_end!) continue;
      const from = a.period_start! > b.period_start! ? a.period_start! : b.period_start!;
      const through = a.period_end! < b.period_end! ? a.period_end! : b.period_end!;
      if (a.term === b.term) {
        find(
          'period-charged-twice',
          `${named(a)} (${period(a)}) and ${named(b)} (${period(b)}) of term ${a.term} both pay for ${from}..${through}`,
        );
        continue;
      }
      const [earlier, later] = a.term < b.term ? [a, b] : [b, a];
      if (earlier.credited_from && earlier.credited_from <= from) continue;
      const paidValue = earlier.subtotal_cents + earlier.credit_cents - earlier.refunded_cents;
      const share =
        proratedMonths(from, earlier.period_end!) /
        proratedMonths(earlier.period_start!, earlier.period_end!);
      if (paidValue * share < 0.5) continue;
      find(
        'period-charged-twice',
        `${named(later)} of term ${later.term} (${period(later)}) pays again for ${from}..${through}, paid by ${named(earlier)} of term ${earlier.term} (${period(earlier)}), whose days were ${earlier.credited_from ? `credited only from ${earlier.credited_from}` : 'never credited'}`,
      );
    }
  }
}

/**
 * Credit is paid days given back (decision 054): what is left of it never exceeds the money the
 * subscription's charges took and kept.
 */
function checkCredit(s: AuditSubscription, charges: readonly AuditCharge[], find: Find) {
  const kept = charges
    .filter(isBilled)
    .reduce((sum, c) => sum + Math.max(0, c.amount_cents - c.refunded_cents), 0);
  if (s.credit_cents > kept)
    find(
      'credit-exceeds-payments',
      `credit left ${money(s.credit_cents)} is more than the ${money(kept)} its charges took and kept`,
    );
}

/** Nothing is charged for a period a suspension or cancellation ended (accounts-devices-billing §4). */
function checkExpiration(s: AuditSubscription, charges: readonly AuditCharge[], find: Find) {
  if ((s.status !== 'Suspended' && s.status !== 'Cancelled') || !s.expiration_date) return;
  for (const c of charges) {
    if (isPaid(c) && c.period_start && c.period_start >= s.expiration_date)
      find(
        'charged-after-expiration',
        `${named(c)} paid for ${period(c)}, but the ${s.status.toLowerCase()} subscription expired ${s.expiration_date}`,
      );
  }
}

/**
 * The run bills hourly (decision 036): an Active subscription's next billing date, or a PastDue
 * one's retry, more than a day behind `asOf` is a period the run skipped.
 */
function checkOverdue(s: AuditSubscription, asOf: IsoDate, find: Find) {
  const dayBefore = addDays(asOf, -1);
  const waiting = s.status === 'PastDue' && s.next_attempt_day;
  if (s.status === 'Active' || (s.status === 'PastDue' && !waiting)) {
    if (s.next_billing_date && s.next_billing_date < dayBefore)
      find(
        'period-overdue',
        `${s.status} ${s.payment_kind} subscription was due ${s.next_billing_date} and is still not billed on ${asOf}`,
      );
  } else if (waiting && s.next_attempt_day! < dayBefore) {
    find(
      'period-overdue',
      `past-due retry was due ${s.next_attempt_day} and is still not made on ${asOf}`,
    );
  }
}

/** The current plan's billed charges (its term, from its start on), by period. */
function currentTermCharges(s: AuditSubscription, charges: readonly AuditCharge[]) {
  return charges
    .filter(
      (c) => isBilled(c) && c.term === s.term && c.period_start && c.period_start >= s.start_date,
    )
    .sort((a, b) =>
      a.period_start! < b.period_start! ? -1 : a.period_start! > b.period_start! ? 1 : 0,
    );
}

/**
 * Each charge of the current plan is its months at the plan's monthly amount plus $3.00 a puck
 * (0 to 16 pucks: whatever it had then), less the credit it took, and for the plan's first charge
 * only, its option's promoted discount of whole months of the plan (decisions 036, 054).
 */
function checkPrice(s: AuditSubscription, term: readonly AuditCharge[], find: Find) {
  const plan = s.billing_amount_cents - s.puck_monthly_cents;
  const months = s.billing_frequency;
  const step = PUCK_MONTHLY_CENTS * months;
  for (const [i, c] of term.entries()) {
    const gross = c.subtotal_cents + c.credit_cents;
    const discounts = i === 0 ? [0, s.option_discount_months] : [0];
    const isPriced = discounts.some((j) => {
      const pucksPart = gross + plan * j - plan * months;
      return (
        pucksPart >= 0 && pucksPart % step === 0 && pucksPart / step <= MAX_PERIPHERALS_PER_DEVICE
      );
    });
    if (!isPriced)
      find(
        'charge-price',
        `${named(c)} (${period(c)}) took ${money(c.subtotal_cents)} + credit ${money(c.credit_cents)}: not ${months} month(s) of the plan's ${money(plan)} plus $3.00 a puck${i === 0 && s.option_discount_months ? `, less ${s.option_discount_months} month(s) off` : ''}`,
      );
  }
}

/**
 * The current plan's periods follow one another from its first billing date (its start, or its
 * promoted months later), each billed (charged or invoiced), up to the next billing date: none
 * skipped (issue #22 finding 5). Subscriptions that are Active or PastDue.
 */
function checkNothingSkipped(s: AuditSubscription, term: readonly AuditCharge[], find: Find) {
  if (s.status !== 'Active' && s.status !== 'PastDue') return;
  if (!s.next_billing_date) return;
  const start = s.start_date as IsoDate;
  const firstDays = [...new Set([start, addMonths(start, s.option_free_months_before)])];
  const skipped = (detail: string) => find('period-skipped', detail);
  const [first] = term;
  if (!first) {
    if (!firstDays.includes(s.next_billing_date as IsoDate))
      skipped(
        `plan started ${start} and was never billed, yet its next billing date is ${s.next_billing_date}`,
      );
    return;
  }
  if (!firstDays.includes(first.period_start as IsoDate))
    skipped(`plan started ${start}, but its first ${named(first)} is for ${period(first)}`);
  const after = (c: AuditCharge, i: number) => {
    const next = nextPeriodStart(s, c.period_start as IsoDate);
    return i === 0 && s.option_free_months_after > 0
      ? [next, addMonths(next, s.option_free_months_after)]
      : [next];
  };
  for (const [i, c] of term.entries()) {
    const expected = after(c, i);
    const following = term[i + 1];
    if (following) {
      if (!expected.includes(following.period_start as IsoDate))
        skipped(
          `${named(c)} (${period(c)}) is followed by ${named(following)} (${period(following)}): the period from ${expected[0]} was not billed`,
        );
    } else if (!expected.includes(s.next_billing_date as IsoDate)) {
      skipped(
        `last ${named(c)} billed ${period(c)}, so the next billing date should be ${expected.join(' or ')}, not ${s.next_billing_date}`,
      );
    }
  }
}
