/**
 * The debug view's clock (device-management §9 "Timezone shift for debug view: 4 hours in daylight
 * time, 5 otherwise"). Support staff read unit times in US Eastern time, so daylight time follows
 * the US rule: from the second Sunday of March at 2:00 local standard time to the first Sunday of
 * November at 2:00 local daylight time.
 */

/** Hours the debug view subtracts from UTC in daylight time and otherwise (device-management §9). */
export const DEBUG_SHIFT_DAYLIGHT_HOURS = 4;
export const DEBUG_SHIFT_STANDARD_HOURS = 5;

const HOUR_MS = 3_600_000;

/** The UTC time of 2:00 local on the nth Sunday of a month, local being UTC−offsetHours. */
function nthSundayAtTwo(year: number, month: number, nth: number, offsetHours: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - firstWeekday) % 7);
  return Date.UTC(year, month, firstSunday + 7 * (nth - 1), 2 + offsetHours);
}

/** Whether `at` falls in US daylight time (second Sunday of March to first Sunday of November). */
export function isDebugDaylightTime(at: Date): boolean {
  const year = at.getUTCFullYear();
  const start = nthSundayAtTwo(year, 2, 2, DEBUG_SHIFT_STANDARD_HOURS);
  const end = nthSundayAtTwo(year, 10, 1, DEBUG_SHIFT_DAYLIGHT_HOURS);
  const ms = at.getTime();
  return ms >= start && ms < end;
}

/** The hours the debug view subtracts from UTC at `at`: 4 in daylight time, 5 otherwise. */
export function debugShiftHours(at: Date): number {
  return isDebugDaylightTime(at) ? DEBUG_SHIFT_DAYLIGHT_HOURS : DEBUG_SHIFT_STANDARD_HOURS;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `at` as the debug view shows it: shifted wall time `YYYY-MM-DD HH:mm:ss` with the offset used,
 * e.g. `2026-07-01 08:00:00 (UTC−4)`. Seconds stay because reports minutes apart must be told apart.
 */
export function formatDebugTime(at: Date): string {
  const hours = debugShiftHours(at);
  const wall = new Date(at.getTime() - hours * HOUR_MS);
  const date = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
  return `${date} ${time} (UTC−${hours})`;
}
