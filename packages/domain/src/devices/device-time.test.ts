import { describe, expect, it } from 'vitest';
import {
  formatDeviceDateTime,
  formatDeviceTime,
  formatTimeSince,
  timeZoneAbbreviation,
} from './device-time';
import { TIME_ZONE_OPTIONS } from './time-zones';

const at = new Date('2026-11-23T13:43:00Z');

describe("a device's times in its own time zone, with the zone shown (accounts-devices-billing §3, §9)", () => {
  it('shows one instant at the wall-clock time of each §9 zone, named by its standard-time abbreviation', () => {
    expect(TIME_ZONE_OPTIONS.map((o) => formatDeviceTime(at, o.offset))).toEqual([
      '3:43 AM HST',
      '4:43 AM AKST',
      '5:43 AM PST',
      '6:43 AM MST',
      '7:43 AM CST',
      '8:43 AM EST',
      '9:43 AM AST',
    ]);
  });

  it('writes the date and time, moving to the previous day where the zone is still on it', () => {
    expect(formatDeviceDateTime(at, -5)).toBe('Monday, November 23, 2026 at 8:43 AM EST');
    expect(formatDeviceDateTime(new Date('2026-11-23T03:05:00Z'), -5)).toBe(
      'Sunday, November 22, 2026 at 10:05 PM EST',
    );
  });

  it('names offsets outside the list by their GMT offset, half hours included', () => {
    expect(timeZoneAbbreviation(-3)).toBe('GMT-3');
    expect(timeZoneAbbreviation(0)).toBe('GMT');
    expect(timeZoneAbbreviation(5.5)).toBe('GMT+5:30');
    expect(formatDeviceTime(at, 5.5)).toBe('7:13 PM GMT+5:30');
  });
});

describe('the time since the last report', () => {
  const since = (ms: number) => formatTimeSince(new Date(at.getTime() - ms), at);
  it('reads in minutes, then whole hours, then days', () => {
    expect(since(59_000)).toBe('just now');
    expect(since(-120_000)).toBe('just now');
    expect(since(3 * 60_000 + 59_000)).toBe('3 min ago');
    expect(since(59 * 60_000)).toBe('59 min ago');
    expect(since(125 * 60_000)).toBe('2 h ago');
    expect(since(25 * 3_600_000)).toBe('1 day ago');
    expect(since(72 * 3_600_000)).toBe('3 days ago');
  });
});
