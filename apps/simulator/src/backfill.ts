import { DAY_MS } from './events';
import type { DeviceReport } from './protocol';
import { generateReport, type UnitProfile } from './readings';

export const DEFAULT_BACKFILL_DAYS = 90;

/**
 * History for the days before `endMs`, one reading per interval, oldest first, so every graph
 * has data on first start; the unit sends them ahead of its live readings, at most 500 a call.
 * Timestamps sit on multiples of the interval and readings are a pure
 * function of the time, so a second back-fill repeats the same reports and the server stores
 * them once (docs/device-protocol.md, duplicates).
 */
export function generateBackfill(
  profile: UnitProfile,
  options: {
    days: number;
    intervalSeconds: number;
    endMs: number;
    /**
     * The unit's last report, when the server has one: only the gap after it is back-filled
     * (never more than `days`), so a later start does not resend what is already stored.
     */
    fromMs?: number;
  },
): DeviceReport[] {
  const intervalMs = Math.max(1, options.intervalSeconds) * 1000;
  const earliestMs = options.endMs - options.days * DAY_MS;
  const startMs =
    options.fromMs === undefined ? earliestMs : Math.max(earliestMs, options.fromMs + 1);
  const reports: DeviceReport[] = [];
  // Strictly before the end, so the live loop's first reading (taken at the end) is not a duplicate.
  for (let t = Math.ceil(startMs / intervalMs) * intervalMs; t < options.endMs; t += intervalMs) {
    reports.push(generateReport(profile, t));
  }
  return reports;
}
