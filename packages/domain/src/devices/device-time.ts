import { findTimeZoneOption } from './time-zones';

/**
 * A device's times, one rule everywhere (pages, tables, e-mails, texts; see SPEC-NOTES.md "Device
 * times"): in the device's own time zone, UserDevice.TimeZone, a fixed GMT offset in hours
 * (accounts-devices-billing §3, §9), with the zone shown. The owner is often not where the unit
 * is, and the history calls already take the same zone.
 */

/**
 * The zone's short name: the §9 options are fixed offsets, which are exactly the standard-time
 * zones (EST is always GMT-5); any other offset shows as 'GMT-3', 'GMT+5:30' or 'GMT'.
 */
const ABBREVIATIONS: Readonly<Record<number, string>> = {
  [-10]: 'HST',
  [-9]: 'AKST',
  [-8]: 'PST',
  [-7]: 'MST',
  [-6]: 'CST',
  [-5]: 'EST',
  [-4]: 'AST',
};

const HOUR_MS = 3_600_000;

export function timeZoneAbbreviation(offsetHours: number): string {
  if (findTimeZoneOption(offsetHours)) return ABBREVIATIONS[offsetHours] ?? `GMT${offsetHours}`;
  if (offsetHours === 0) return 'GMT';
  const minutes = Math.round(Math.abs(offsetHours) * 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `GMT${offsetHours < 0 ? '-' : '+'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The wall-clock fields at `at` in the offset: a Date whose UTC fields are the local ones. */
function shifted(at: Date, offsetHours: number): Date {
  return new Date(at.getTime() + offsetHours * HOUR_MS);
}

const DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** '8:43 AM EST' (accounts-devices-billing §9: times as h:mm A), in the device's zone. */
export function formatDeviceTime(at: Date, offsetHours: number): string {
  // By hand, not Intl: some engines put a narrow no-break space before AM, others a space.
  const local = shifted(at, offsetHours);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${time} ${timeZoneAbbreviation(offsetHours)}`;
}

/** 'Monday, November 23, 2026 at 8:43 AM EST', in the device's zone. */
export function formatDeviceDateTime(at: Date, offsetHours: number): string {
  return `${DATE.format(shifted(at, offsetHours))} at ${formatDeviceTime(at, offsetHours)}`;
}

/**
 * How long ago a report came: 'just now' under a minute, then '3 min ago', '2 h ago' (whole
 * hours under a day), '3 days ago'. A time in the future (a clock ahead) reads 'just now'.
 */
export function formatTimeSince(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
