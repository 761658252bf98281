import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKFILL_DAYS, generateBackfill } from './backfill';
import { DAY_MS } from './events';
import { createUnitProfile } from './readings';

const END = Date.parse('2026-11-22T12:03:17Z');
const profile = createUnitProfile(
  { imei: '351234567890123', deviceType: 4, pucks: [{ id: '0A1B2C3D', logicLevel: 32775 }] },
  END - 120 * DAY_MS,
);

describe('generateBackfill', () => {
  it('covers 90 days by default at the unit interval, oldest first, all before the live start', () => {
    const reports = generateBackfill(profile, {
      days: DEFAULT_BACKFILL_DAYS,
      intervalSeconds: 900,
      endMs: END,
    });
    const times = reports.map((report) => Date.parse(report.ReportTimestamp));
    expect(reports).toHaveLength((DEFAULT_BACKFILL_DAYS * DAY_MS) / 900_000);
    expect(times.slice(1).every((time, i) => time - (times[i] ?? 0) === 900_000)).toBe(true);
    expect(times[0]).toBeGreaterThanOrEqual(END - DEFAULT_BACKFILL_DAYS * DAY_MS);
    expect(times.at(-1)).toBeLessThan(END);
  });

  it('repeats the same reports on a second run, so the server stores them once (docs/device-protocol.md duplicates)', () => {
    const first = generateBackfill(profile, { days: 2, intervalSeconds: 300, endMs: END });
    const again = generateBackfill(profile, { days: 2, intervalSeconds: 300, endMs: END + 1000 });
    expect(again).toEqual(first);
  });

  it('shows the puck battery draining across the history (device-management §9)', () => {
    const installed = createUnitProfile({
      imei: '351234567890123',
      deviceType: 4,
      pucks: [{ id: '0A1B2C3D', logicLevel: 32775 }],
    });
    const reports = generateBackfill(installed, { days: 90, intervalSeconds: 3600, endMs: END });
    const levels = reports.map((report) => report.Peripherals?.[0]?.BatteryLevel ?? 0);
    expect(levels.slice(1).every((level, i) => level <= (levels[i] ?? 0))).toBe(true);
    expect((levels[0] ?? 0) - (levels.at(-1) ?? 0)).toBeGreaterThan(45);
  });

  it('back-fills only the gap after the last stored report, and never more than the days asked', () => {
    const last = END - 3 * 3600_000;
    const gap = generateBackfill(profile, {
      days: 90,
      intervalSeconds: 900,
      endMs: END,
      fromMs: last,
    });
    const times = gap.map((report) => Date.parse(report.ReportTimestamp));
    expect(times[0]).toBeGreaterThan(last);
    expect(times.at(-1)).toBeLessThan(END);
    expect(gap).toHaveLength(12);
    const old = generateBackfill(profile, { days: 2, intervalSeconds: 900, endMs: END, fromMs: 0 });
    expect(old).toHaveLength(2 * 96);
  });
});
