import { addDays, dateParts, toIsoDate, type IsoDate } from '../shared/calendar-date';
import type { DeliveryMethod } from './shipping';

/** Day of week as Date.getUTCDay numbers it: 0 Sunday to 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

type DaysByWeekday = Readonly<Record<Weekday, number>>;

/**
 * Regular delivery: today plus 3 days, extended by the weekend days the span touches so the date
 * never lands on a weekend. Extra days fall on Wed, Thu, Fri, Sat and Sun orders
 * (store-and-public-site §4 "Handling and delivery date"); see SPEC-NOTES.md for the table.
 */
export const REGULAR_DELIVERY_DAYS: DaysByWeekday = {
  0: 4, // Sun → Thu
  1: 3, // Mon → Thu
  2: 3, // Tue → Fri
  3: 5, // Wed → Mon
  4: 5, // Thu → Tue
  5: 5, // Fri → Wed
  6: 5, // Sat → Thu
};

/** Overnight before the cutoff: 1 day, 2 on Sunday, 3 on Friday and Saturday (store-and-public-site §4). */
export const OVERNIGHT_DELIVERY_DAYS: DaysByWeekday = {
  0: 2, // Sun → Tue
  1: 1, // Mon → Tue
  2: 1, // Tue → Wed
  3: 1, // Wed → Thu
  4: 1, // Thu → Fri
  5: 3, // Fri → Mon
  6: 3, // Sat → Tue
};

/**
 * Overnight from the afternoon cutoff: one day more, except Thursday which goes to 4 so the
 * date is Monday rather than Saturday (store-and-public-site §4).
 */
export const OVERNIGHT_AFTER_CUTOFF_DELIVERY_DAYS: DaysByWeekday = {
  0: 3, // Sun → Wed
  1: 2, // Mon → Wed
  2: 2, // Tue → Thu
  3: 2, // Wed → Fri
  4: 4, // Thu → Mon
  5: 4, // Fri → Tue
  6: 4, // Sat → Wed
};

/** The spec says "afternoon" without an hour: from 12:00 local time an order counts as after the cutoff. */
export const OVERNIGHT_CUTOFF_HOUR = 12;

/** The weekday of a day, which picks the row of the delivery table (store-and-public-site §4). */
export function weekdayOf(date: IsoDate): Weekday {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() as Weekday;
}

/** Days from the order date to delivery for a method, the weekday and the local hour (store-and-public-site §4). */
export function deliveryDaysFor(
  method: DeliveryMethod,
  weekday: Weekday,
  hour: number,
  cutoffHour: number = OVERNIGHT_CUTOFF_HOUR,
): number {
  if (method === 'regularShipping') return REGULAR_DELIVERY_DAYS[weekday];
  return hour >= cutoffHour
    ? OVERNIGHT_AFTER_CUTOFF_DELIVERY_DAYS[weekday]
    : OVERNIGHT_DELIVERY_DAYS[weekday];
}

/**
 * The expected delivery date (yyyy-MM-dd) of an order placed on `today` at local `hour`
 * (store-and-public-site §4 "Handling and delivery date").
 */
export function estimateDeliveryDate({
  today,
  hour,
  method,
  cutoffHour = OVERNIGHT_CUTOFF_HOUR,
}: {
  today: IsoDate;
  hour: number;
  method: DeliveryMethod;
  cutoffHour?: number;
}): IsoDate {
  return addDays(today, deliveryDaysFor(method, weekdayOf(today), hour, cutoffHour));
}

/** The local day and hour of `now` in a time zone, for the delivery rules (store-and-public-site §4); reads no clock. */
export function toLocalDateAndHour(now: Date, timeZone: string): { today: IsoDate; hour: number } {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .find((part) => part.type === 'hour')?.value;
  return { today: toIsoDate(now, timeZone), hour: Number(hour) };
}
