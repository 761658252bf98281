import {
  addDays,
  addMonths,
  dateParts,
  daysInMonth,
  isoDate,
  type IsoDate,
} from '../shared/calendar-date';
import { cents, multiplyCents, ZERO_CENTS, type Cents } from '../shared/money';
import { computePlanSubtotal } from './subscriptions';

/**
 * The credit for paid days not used, from `from` through `through` inclusive
 * (accounts-devices-billing §9 "seasonal credit is prorated by days per month", decision 033).
 * Each day is worth the monthly amount divided by the days of its own month, so a whole calendar
 * month is worth exactly the monthly amount whether it has 28 or 31 days. Rounded to the cent
 * once, at the end. A plan change values paid days by what their period cost instead
 * (`computePlanChangeCredit`).
 */
export function computeProratedCredit(input: {
  monthlyAmount: Cents;
  from: IsoDate;
  through: IsoDate;
}): Cents {
  const { monthlyAmount, from, through } = input;
  if (through < from) return ZERO_CENTS;
  let total = 0;
  let cursor = from;
  while (cursor <= through) {
    const { year, month, day } = dateParts(cursor);
    const length = daysInMonth(year, month);
    const monthEnd = isoDate(year, month, length);
    const lastDay = through < monthEnd ? dateParts(through).day : length;
    total += (monthlyAmount * (lastDay - day + 1)) / length;
    cursor = addMonths(isoDate(year, month, 1), 1);
  }
  return cents(total);
}

/**
 * How many months the days from `from` through `through` (inclusive) make, each day counting as
 * one over the days of its own month (accounts-devices-billing §9 "prorated by days per month"):
 * a whole calendar month is exactly 1, 22 November – 21 December is 9/30 + 21/31.
 */
export function countProratedMonths(from: IsoDate, through: IsoDate): number {
  let months = 0;
  let cursor = from;
  while (cursor <= through) {
    const { year, month, day } = dateParts(cursor);
    const length = daysInMonth(year, month);
    const monthEnd = isoDate(year, month, length);
    const lastDay = through < monthEnd ? dateParts(through).day : length;
    months += (lastDay - day + 1) / length;
    cursor = addMonths(isoDate(year, month, 1), 1);
  }
  return months;
}

/** A period a subscription paid for: its days and what paid them, tax aside. */
export type PaidPeriod = {
  start: IsoDate;
  /** The last day paid for (inclusive). */
  end: IsoDate;
  /** What the period was paid with, money and credit, less what was refunded; tax excluded. */
  paid: Cents;
  /** Its days from this one on were credited to a later plan already: they are credited no more. */
  creditedFrom: IsoDate | null;
};

/**
 * The credit a plan change gives for a paid period's days that the new plan's period covers
 * (accounts-devices-billing §4–§5, §9 "prorated by days per month"; decision 054): the days from
 * the new start (or the period's start, when later) through its last paid day not yet credited,
 * valued at what the period was paid, shared among its days by days per month. A period changed on
 * its first day gives back all it was paid; free or discounted months give back only what was
 * paid for them; the pucks' part is in what was paid. Nothing when the new plan starts after the
 * paid days, or nothing was paid.
 */
export function computePlanChangeCredit(input: {
  paidPeriod: PaidPeriod;
  newStart: IsoDate;
}): Cents {
  const { paidPeriod, newStart } = input;
  const { start, end, paid, creditedFrom } = paidPeriod;
  const lastDay = creditedFrom && creditedFrom <= end ? addDays(creditedFrom, -1) : end;
  const from = newStart > start ? newStart : start;
  if (paid <= 0 || from > lastDay) return ZERO_CENTS;
  const share = countProratedMonths(from, lastDay) / countProratedMonths(start, end);
  return cents(Math.min(paid, paid * share));
}

export type PeriodCharge = {
  /** The plan's months at its monthly amount. */
  gross: Cents;
  /** The promoted discount taken off (first charge only). */
  discountUsed: Cents;
  /** The plan-change credit taken off after the discount; what is left of it waits for the next. */
  creditUsed: Cents;
  /** What is charged before tax: never below zero. */
  subtotal: Cents;
};

/**
 * What a subscription period costs before tax (decisions 036, 054): the plan's months at its
 * monthly amount (§9 "amount times frequency"), less the promoted discount, then less the credit
 * of a plan change, neither below zero. A credit larger than the period is not lost: the part not
 * used stays on the subscription for the periods after.
 */
export function computePeriodCharge(input: {
  monthlyAmount: Cents;
  billingFrequency: number;
  discount: Cents;
  credit: Cents;
}): PeriodCharge {
  const gross = computePlanSubtotal({
    billingAmount: input.monthlyAmount,
    billingFrequency: input.billingFrequency,
  });
  const discountUsed = cents(Math.min(Math.max(0, input.discount), gross));
  const creditUsed = cents(Math.min(Math.max(0, input.credit), gross - discountUsed));
  return { gross, discountUsed, creditUsed, subtotal: cents(gross - discountUsed - creditUsed) };
}

/** Where promoted free months go: before the first charge or after it (accounts-devices-billing §4). */
export type FreeMonthsMethod = 'BEFORE' | 'AFTER';

export type PromotedFreeMonths = {
  /** The day of the first charge. */
  firstBillingDate: IsoDate;
  /** The day of the charge after it. */
  nextBillingDate: IsoDate;
  /** Taken off the first charge; zero unless the count was negative. */
  discount: Cents;
};

/**
 * Applies a promoted pro-subscription's free months (accounts-devices-billing §4). A negative count
 * is a discount of that many months at the monthly amount (never more than the charge it comes off),
 * dates unchanged. A positive count shifts
 * billing: BEFORE puts the free months ahead of the first charge, so the first charge (and every
 * one after) moves that many months later; AFTER charges on the start day as usual and puts the
 * free months after that period, so only the next billing date moves.
 */
export function applyPromotedFreeMonths(input: {
  freeMonths: number;
  method: FreeMonthsMethod;
  startDate: IsoDate;
  billingFrequency: number;
  monthlyAmount: Cents;
}): PromotedFreeMonths {
  const { freeMonths, method, startDate, billingFrequency, monthlyAmount } = input;
  const months = Math.trunc(freeMonths);
  if (months < 0) {
    return {
      firstBillingDate: startDate,
      nextBillingDate: addMonths(startDate, billingFrequency),
      discount: multiplyCents(monthlyAmount, Math.min(-months, billingFrequency)),
    };
  }
  if (method === 'BEFORE') {
    const firstBillingDate = addMonths(startDate, months);
    return {
      firstBillingDate,
      nextBillingDate: addMonths(startDate, months + billingFrequency),
      discount: ZERO_CENTS,
    };
  }
  return {
    firstBillingDate: startDate,
    nextBillingDate: addMonths(startDate, billingFrequency + months),
    discount: ZERO_CENTS,
  };
}
