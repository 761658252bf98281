import { formatDeviceDateTime, formatDeviceTime } from '@monitor/domain/devices/device-time';

/**
 * An alarm's times follow the app's rule for a device's times (SPEC-NOTES.md "Device times"): in
 * the unit's own zone, UserDevice.TimeZone (a fixed GMT offset in hours), with the zone named.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
});

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
});

const shifted = (at: Date, offsetHours: number) => new Date(at.getTime() + offsetHours * HOUR_MS);
const localDay = (at: Date, offsetHours: number) =>
  Math.floor((at.getTime() + offsetHours * HOUR_MS) / DAY_MS);

/** 'Monday, November 23, 2026 at 8:43 AM EST'. */
export function formatAlarmDateTime(iso: string, offsetHours: number): string {
  return formatDeviceDateTime(new Date(iso), offsetHours);
}

/** 'Nov 23, 8:43 AM EST': one step of an event's timeline. */
export function formatAlarmMoment(iso: string, offsetHours: number): string {
  const at = new Date(iso);
  return `${SHORT_DATE.format(shifted(at, offsetHours))}, ${formatDeviceTime(at, offsetHours)}`;
}

/**
 * When a snooze ends, as short as it stays clear: '3:40 PM EST' today on the unit's calendar,
 * '3:40 PM EST tomorrow', otherwise 'November 25 at 3:40 PM EST'.
 */
export function formatSnoozeEnd(iso: string, offsetHours: number, now: Date): string {
  const at = new Date(iso);
  const time = formatDeviceTime(at, offsetHours);
  const days = localDay(at, offsetHours) - localDay(now, offsetHours);
  if (days === 0) return time;
  if (days === 1) return `${time} tomorrow`;
  return `${LONG_DATE.format(shifted(at, offsetHours))} at ${time}`;
}
