/**
 * Alarm change reporting (device-management §4): changing a range or toggle starts a debounce,
 * after which the device is told to report (RPT). Counted in ticks, as the spec states them;
 * timed next to the instant-update waits in devices/instant-update.ts.
 */

/** After a range slider change: 2 ticks of 700 ms; after a puck alarm change: 10 ticks of 3 s (device-management §4). */
export const ALARM_CHANGE_REPORTING = {
  slider: { ticks: 2, tickMs: 700 },
  puckAlarm: { ticks: 10, tickMs: 3_000 },
} as const;

export type AlarmChange = keyof typeof ALARM_CHANGE_REPORTING;
