import { DEVICE_MANAGEMENT_MESSAGES } from '../shared/device-messages';
/**
 * History periods (device-management §2 "History screens", §4 "Period navigation", §5, §9).
 * Calendar periods are taken in the device's time zone, a fixed GMT offset in hours as
 * UserDevice.TimeZone holds it (accounts-devices-billing §3, §9: -10 to -4, default -5).
 * Windows are half open: `from` inclusive, `to` exclusive.
 */
export type CalendarPeriod = 'day' | 'week' | 'month' | 'year';
export type HistoryPeriod = CalendarPeriod | 'custom';

export const CALENDAR_PERIODS: readonly CalendarPeriod[] = ['day', 'week', 'month', 'year'];

export type HistoryWindow = {
  period: HistoryPeriod;
  /** 0 is the period containing now, -1 the one before; always 0 for a custom range. */
  offset: number;
  from: Date;
  to: Date;
};

/** Refusal text for a period a sub-account may not see (device-management §5, §8). */
export const PERIOD_NOT_VISIBLE_MESSAGE = DEVICE_MANAGEMENT_MESSAGES.recordsPeriodInvalid;

/** Report tables load this many rows at a time (device-management §4, §9). */
export const TABLE_PAGE_SIZE = 500;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A UTC timestamp from calendar fields that may overflow (month 12, day 0 …), any year. */
function utcTimestamp(year: number, month: number, day: number): number {
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  return new Date(0).setUTCFullYear(year, month, day);
}

function calendarBounds(
  period: CalendarPeriod,
  offset: number,
  local: Date,
): { start: number; end: number } {
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  switch (period) {
    case 'day':
      return {
        start: utcTimestamp(year, month, day + offset),
        end: utcTimestamp(year, month, day + offset + 1),
      };
    case 'week': {
      // Weeks start on Sunday (SPEC-NOTES.md).
      const sunday = day - local.getUTCDay() + 7 * offset;
      return {
        start: utcTimestamp(year, month, sunday),
        end: utcTimestamp(year, month, sunday + 7),
      };
    }
    case 'month':
      return {
        start: utcTimestamp(year, month + offset, 1),
        end: utcTimestamp(year, month + offset + 1, 1),
      };
    case 'year':
      return {
        start: utcTimestamp(year + offset, 0, 1),
        end: utcTimestamp(year + offset + 1, 0, 1),
      };
  }
}

/**
 * The window of a calendar period `offset` periods back from the one containing `now`, in the
 * device's time zone. Offsets are 0 or negative (device-management §4); a positive one is
 * treated as 0, so a window never starts after now.
 */
export function computePeriodWindow(options: {
  period: CalendarPeriod;
  offset?: number;
  now: Date;
  gmtOffsetHours: number;
}): HistoryWindow {
  const offset = Math.min(0, Math.trunc(options.offset ?? 0)) || 0;
  const shift = options.gmtOffsetHours * HOUR_MS;
  const local = new Date(options.now.getTime() + shift);
  const { start, end } = calendarBounds(options.period, offset, local);
  return {
    period: options.period,
    offset,
    from: new Date(start - shift),
    to: new Date(end - shift),
  };
}

/** Next works only while the shown period is in the past (device-management §4, §5). */
export function canGoToNextPeriod(offset: number): boolean {
  return offset < 0;
}

/** The day number (days since 1970-01-01) of a moment on the device's calendar. */
function localDayNumber(at: Date, gmtOffsetHours: number): number {
  return Math.floor((at.getTime() + gmtOffsetHours * HOUR_MS) / DAY_MS);
}

/**
 * A sub-account cannot view a period starting before its creation date (device-management §5):
 * a window whose first day, on the device's calendar, is before the day the sub-account was given
 * the unit is refused with the §5 message. Days are compared, not moments, so "Today" on that very
 * day is allowed; the readings of that day before `visibleFrom` stay hidden by the visible-history
 * rule (device-management §6, decision 017), which is why the window itself is left as asked.
 * `visibleFrom` null (an owner) allows every window.
 */
export function limitWindowToVisibleFrom(
  window: HistoryWindow,
  visibleFrom: Date | null,
  gmtOffsetHours: number,
): { isAllowed: true; window: HistoryWindow } | { isAllowed: false; message: string } {
  if (!visibleFrom) return { isAllowed: true, window };
  if (localDayNumber(window.from, gmtOffsetHours) < localDayNumber(visibleFrom, gmtOffsetHours)) {
    return { isAllowed: false, message: PERIOD_NOT_VISIBLE_MESSAGE };
  }
  return { isAllowed: true, window };
}

export type PeriodMove =
  | { isAllowed: true; window: HistoryWindow }
  | { isAllowed: false; reason: 'future' }
  | { isAllowed: false; reason: 'not-visible'; message: string };

/**
 * Moves to the previous or next calendar period. Next is refused from the current period
 * (device-management §4 "next is blocked beyond the present"); for a sub-account, a period
 * starting before its creation date is refused (device-management §5, `limitWindowToVisibleFrom`).
 */
export function movePeriod(options: {
  period: CalendarPeriod;
  offset: number;
  direction: 'previous' | 'next';
  now: Date;
  gmtOffsetHours: number;
  /** A sub-account's creation date; null for an owner. */
  visibleFrom?: Date | null;
}): PeriodMove {
  const current = Math.min(0, Math.trunc(options.offset)) || 0;
  if (options.direction === 'next' && !canGoToNextPeriod(current)) {
    return { isAllowed: false, reason: 'future' };
  }
  const window = computePeriodWindow({
    period: options.period,
    offset: options.direction === 'next' ? current + 1 : current - 1,
    now: options.now,
    gmtOffsetHours: options.gmtOffsetHours,
  });
  const limited = limitWindowToVisibleFrom(
    window,
    options.visibleFrom ?? null,
    options.gmtOffsetHours,
  );
  return limited.isAllowed
    ? limited
    : { isAllowed: false, reason: 'not-visible', message: limited.message };
}

/** A calendar date as the date pickers give it, "YYYY-MM-DD", in the device's time zone. */
export type LocalDate = string;

function parseLocalDate(value: LocalDate): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const timestamp = utcTimestamp(year, month, day);
  const check = new Date(timestamp);
  // Refuses dates that overflow, such as 2026-02-30.
  return check.getUTCMonth() === month && check.getUTCDate() === day ? timestamp : null;
}

export type CustomRangeCheck =
  | { isValid: true; window: HistoryWindow }
  | { isValid: false; reason: 'invalid-date' | 'reversed' | 'future' }
  | { isValid: false; reason: 'not-visible'; message: string };

/**
 * A custom range of whole days, first and last day included. No future day may be chosen
 * (device-management §5 "Custom range pickers allow no future dates"), the first day may not be
 * after the last, and a sub-account's creation date limits it as it limits any period.
 */
export function computeCustomWindow(options: {
  fromDate: LocalDate;
  toDate: LocalDate;
  now: Date;
  gmtOffsetHours: number;
  visibleFrom?: Date | null;
}): CustomRangeCheck {
  const first = parseLocalDate(options.fromDate);
  const last = parseLocalDate(options.toDate);
  if (first === null || last === null) return { isValid: false, reason: 'invalid-date' };
  if (first > last) return { isValid: false, reason: 'reversed' };
  const shift = options.gmtOffsetHours * HOUR_MS;
  const today = computePeriodWindow({
    period: 'day',
    now: options.now,
    gmtOffsetHours: options.gmtOffsetHours,
  });
  if (last - shift >= today.to.getTime()) return { isValid: false, reason: 'future' };
  const window: HistoryWindow = {
    period: 'custom',
    offset: 0,
    from: new Date(first - shift),
    to: new Date(last + DAY_MS - shift),
  };
  const limited = limitWindowToVisibleFrom(
    window,
    options.visibleFrom ?? null,
    options.gmtOffsetHours,
  );
  return limited.isAllowed
    ? { isValid: true, window: limited.window }
    : { isValid: false, reason: 'not-visible', message: limited.message };
}

export type TimeTick = 'hour' | 'day' | 'month';

/**
 * Graph tick unit for a window: hourly for a day or less, monthly over 31 days, daily between
 * (device-management §9 "custom ranges over 31 days use monthly ticks, one day uses hourly ticks").
 */
export function chooseTimeTick(window: Pick<HistoryWindow, 'from' | 'to'>): TimeTick {
  const span = window.to.getTime() - window.from.getTime();
  if (span <= DAY_MS) return 'hour';
  if (span > 31 * DAY_MS) return 'month';
  return 'day';
}

/** Whether a report table may have more rows: the last load came back full (device-management §4). */
export function hasMoreTableRows(lastLoadedCount: number): boolean {
  return lastLoadedCount >= TABLE_PAGE_SIZE;
}
