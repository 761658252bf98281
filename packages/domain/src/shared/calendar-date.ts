/**
 * A day on the calendar, written `YYYY-MM-DD`, with no time and no time zone. Subscription
 * start, end and billing dates are days, not instants, so they are kept as days: comparing two
 * of them is comparing strings, and adding a month never slips across midnight in some zone.
 */
export type IsoDate = string & { readonly __brand: 'IsoDate' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days in a month (month 1–12), leap years included; the proration base of accounts-devices-billing §9. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Makes a day from its parts, or throws when they name no real day (dates of accounts-devices-billing §3). */
export function isoDate(year: number, month: number, day: number): IsoDate {
  if (
    !Number.isInteger(year) ||
    !Number.isInteger(month) ||
    !Number.isInteger(day) ||
    year < 1 ||
    year > 9999 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month)
  ) {
    throw new RangeError(`Not a calendar day: ${year}-${month}-${day}`);
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as IsoDate;
}

/** Reads `YYYY-MM-DD` (an ISO timestamp is cut to its day), or null (dates of accounts-devices-billing §3). */
export function parseIsoDate(value: string | null | undefined): IsoDate | null {
  const match = ISO_DATE.exec(value?.trim().slice(0, 10) ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return isoDate(year, month, day);
}

/** The year, month and day of a day (accounts-devices-billing §5 card expiry, §9 proration). */
export function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Making a format costs far more than using one (4 % of a billing run's profile): one per zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The day an instant falls on in a time zone (an IANA name, UTC by default), the `today` of the
 * date rules of accounts-devices-billing §4–§5 and store-and-public-site §4. Domain rules take
 * `today` rather than reading the clock; this is how a caller turns its `now` into `today`.
 */
export function toIsoDate(now: Date, timeZone = 'UTC'): IsoDate {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return isoDate(part('year'), part('month'), part('day'));
}

function toUtcMs(date: IsoDate): number {
  const { year, month, day } = dateParts(date);
  return Date.UTC(year, month - 1, day);
}

function fromUtcMs(ms: number): IsoDate {
  const d = new Date(ms);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The day `days` after (or before) a day, e.g. the seasonal end's minus one (accounts-devices-billing §4). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/**
 * The same day-of-month `months` later or earlier (accounts-devices-billing §4, §5). A day the target month lacks becomes
 * that month's last day (31 January + 1 month = 28 or 29 February), as date libraries do.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = dateParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Whole days from `from` to `to`, negative when `to` is earlier (store-and-public-site §4 delivery dates). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** True when `a` is an earlier day than `b` (accounts-devices-billing §4 date comparisons). */
export function isBefore(a: IsoDate, b: IsoDate): boolean {
  return a < b;
}

/** True when `a` is a later day than `b` (accounts-devices-billing §4 date comparisons). */
export function isAfter(a: IsoDate, b: IsoDate): boolean {
  return a > b;
}

/** An inclusive range of days, as a date picker offers them. */
export type DateRange = { min: IsoDate; max: IsoDate };

/** True when a day lies within an inclusive range, as a date picker allows (accounts-devices-billing §5). */
export function isWithinRange(date: IsoDate, range: DateRange): boolean {
  return date >= range.min && date <= range.max;
}

// Made at first use, not when the module loads: a browser's first date formatter loads locale
// data (tens of milliseconds on a phone), which a page that shows no date should not pay (issue #25).
let longDate: Intl.DateTimeFormat | undefined;
let longDateWithWeekday: Intl.DateTimeFormat | undefined;
const LONG_DATE_OPTIONS = {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
} as const;

function longDateFormat(withWeekday: boolean): Intl.DateTimeFormat {
  if (withWeekday) {
    return (longDateWithWeekday ??= new Intl.DateTimeFormat('en-US', {
      ...LONG_DATE_OPTIONS,
      weekday: 'long',
    }));
  }
  return (longDate ??= new Intl.DateTimeFormat('en-US', LONG_DATE_OPTIONS));
}

/**
 * A calendar date as pages, e-mails and certificates write it: 'November 22, 2026', or with
 * `withWeekday` 'Sunday, November 22, 2026'; the same wherever it runs. A value that is not
 * 'YYYY-MM-DD' (an ISO time is read by its date) comes back as it is.
 */
export function formatLongDate(value: string, { withWeekday = false } = {}): string {
  const date = parseIsoDate(value.slice(0, 10));
  if (!date) return value;
  const { year, month, day } = dateParts(date);
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return longDateFormat(withWeekday).format(at);
}
