import { addMonths, dateParts, daysInMonth, isoDate, type IsoDate } from '../shared/calendar-date';
import { cents, multiplyCents, ZERO_CENTS, type Cents } from '../shared/money';

/**
 * The credit for paid days not used, from `from` through `through` inclusive
 * (accounts-devices-billing §9 "seasonal credit is prorated by days per month"). Each day is worth
 * the monthly amount divided by the days of its own month, so a whole calendar month is worth
 * exactly the monthly amount whether it has 28 or 31 days. Rounded to the cent once, at the end.
 */
export function computeSeasonalCredit(input: {
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
