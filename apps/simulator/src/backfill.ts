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
  options: { days: number; intervalSeconds: number; endMs: number },
): DeviceReport[] {
  const intervalMs = Math.max(1, options.intervalSeconds) * 1000;
  const startMs = options.endMs - options.days * DAY_MS;
  const reports: DeviceReport[] = [];
  // Strictly before the end, so the live loop's first reading (taken at the end) is not a duplicate.
  for (let t = Math.ceil(startMs / intervalMs) * intervalMs; t < options.endMs; t += intervalMs) {
    reports.push(generateReport(profile, t));
  }
  return reports;
}
