import { formatLongDate } from '@monitor/domain/shared/calendar-date';
/**
 * Times on the history pages, in the device's time zone: UserDevice.TimeZone is a fixed GMT
 * offset in hours (accounts-devices-billing §3, §9), so a wall clock is the UTC clock shifted.
 * Formats follow device-management §9: 'MMMM D, YYYY', 'h:mm A'.
 */
const HOUR_MS = 3_600_000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A Date whose UTC fields are the wall clock in the offset. */
export function toLocalClock(at: Date | number, gmtOffsetHours: number): Date {
  return new Date((typeof at === 'number' ? at : at.getTime()) + gmtOffsetHours * HOUR_MS);
}

const monthName = (local: Date) => MONTHS[local.getUTCMonth()] ?? '';
export const shortMonth = (local: Date) => monthName(local).slice(0, 3);

/** 'November 23, 2026'. */
export function formatLocalDate(at: Date | number, gmtOffsetHours: number): string {
  const local = toLocalClock(at, gmtOffsetHours);
  return `${monthName(local)} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}

/** 'Monday, November 23, 2026'. */
export function formatLocalDay(at: Date | number, gmtOffsetHours: number): string {
  const local = toLocalClock(at, gmtOffsetHours);
  return `${WEEKDAYS[local.getUTCDay()]}, ${formatLocalDate(at, gmtOffsetHours)}`;
}

/** '3:05 PM' (device-management §9 "pan shows time as h:mm A"). */
export function formatLocalTime(at: Date | number, gmtOffsetHours: number): string {
  const local = toLocalClock(at, gmtOffsetHours);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '3 PM': an hour tick of a one-day graph. */
export function formatLocalHour(at: number, gmtOffsetHours: number): string {
  const hours = toLocalClock(at, gmtOffsetHours).getUTCHours();
  return `${hours % 12 || 12} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 23': a day tick. */
export function formatLocalShortDate(at: number, gmtOffsetHours: number): string {
  const local = toLocalClock(at, gmtOffsetHours);
  return `${shortMonth(local)} ${local.getUTCDate()}`;
}

/** 'Nov 2026' for a month tick. */
export function formatLocalMonth(at: number, gmtOffsetHours: number): string {
  const local = toLocalClock(at, gmtOffsetHours);
  return `${shortMonth(local)} ${local.getUTCFullYear()}`;
}

/** 'Nov 23, 3:05 PM': one moment on the graph's cursor. */
export function formatLocalMoment(at: number, gmtOffsetHours: number): string {
  return `${formatLocalShortDate(at, gmtOffsetHours)}, ${formatLocalTime(at, gmtOffsetHours)}`;
}

/**
 * The shown period in words: 'Monday, November 23, 2026', 'November 2026', '2026', or a range
 * 'November 22 – November 28, 2026'. `to` is exclusive, so the last day is the one before it.
 */
export function formatWindow(
  window: { period: string; from: Date; to: Date },
  gmtOffsetHours: number,
): string {
  const first = toLocalClock(window.from, gmtOffsetHours);
  const lastMoment = window.to.getTime() - 1;
  switch (window.period) {
    case 'day':
      return formatLocalDay(window.from, gmtOffsetHours);
    case 'month':
      return `${monthName(first)} ${first.getUTCFullYear()}`;
    case 'year':
      return String(first.getUTCFullYear());
    default: {
      const last = toLocalClock(lastMoment, gmtOffsetHours);
      const end = formatLocalDate(lastMoment, gmtOffsetHours);
      if (
        first.getTime() - (first.getTime() % 86_400_000) ===
        last.getTime() - (last.getTime() % 86_400_000)
      ) {
        return formatLocalDay(window.from, gmtOffsetHours);
      }
      const sameYear = first.getUTCFullYear() === last.getUTCFullYear();
      const start = sameYear
        ? `${monthName(first)} ${first.getUTCDate()}`
        : formatLocalDate(window.from, gmtOffsetHours);
      return `${start} – ${end}`;
    }
  }
}

/** A calendar date as the date pickers take it, 'YYYY-MM-DD', in the device's zone. */
export function toLocalDateString(at: Date, gmtOffsetHours: number): string {
  return toLocalClock(at, gmtOffsetHours).toISOString().slice(0, 10);
}

/**
 * A calendar date the server gives ('2026-03-14', or an ISO time at midnight UTC) as
 * 'March 14, 2026', the same wherever the browser is.
 */
export function formatCalendarDate(value: string): string {
  return formatLongDate(value);
}

/**
 * A table row's local time as the server writes it ('2026-11-23 14:05', already in the device's
 * zone) split for display: 'Nov 23, 2026' and '2:05 PM' (device-management §9 formats).
 */
export function splitTableTime(localTime: string): { date: string; time: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(localTime);
  if (!match) return { date: localTime, time: '' };
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const at = Date.UTC(year, month - 1, day, hours, minutes);
  return {
    date: `${shortMonth(new Date(at))} ${day}, ${year}`,
    time: formatLocalTime(at, 0),
  };
}
