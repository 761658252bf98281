import { describe, expect, it } from 'vitest';
import { debugShiftHours, formatDebugTime, isDebugDaylightTime } from './debug-time';

describe('debug view time shift (device-management §9)', () => {
  it('shifts by 4 hours in summer daylight time and 5 in winter (device-management §9)', () => {
    expect(debugShiftHours(new Date('2026-07-01T12:00:00Z'))).toBe(4);
    expect(debugShiftHours(new Date('2026-01-15T12:00:00Z'))).toBe(5);
  });

  it('starts daylight time at 2:00 Eastern standard time on the second Sunday of March (device-management §9)', () => {
    // 8 March 2026 is the second Sunday; 2:00 EST is 07:00 UTC.
    expect(isDebugDaylightTime(new Date('2026-03-08T06:59:59Z'))).toBe(false);
    expect(isDebugDaylightTime(new Date('2026-03-08T07:00:00Z'))).toBe(true);
    // The first Sunday of March is still standard time.
    expect(isDebugDaylightTime(new Date('2026-03-01T12:00:00Z'))).toBe(false);
  });

  it('ends daylight time at 2:00 Eastern daylight time on the first Sunday of November (device-management §9)', () => {
    // 1 November 2026 is the first Sunday; 2:00 EDT is 06:00 UTC.
    expect(debugShiftHours(new Date('2026-11-01T05:59:59Z'))).toBe(4);
    expect(debugShiftHours(new Date('2026-11-01T06:00:00Z'))).toBe(5);
  });

  it('finds the changes in a year whose March starts on a Sunday (device-management §9)', () => {
    // March 2020 began on a Sunday, so the second Sunday is the 8th; November 2020 began on a Sunday too.
    expect(isDebugDaylightTime(new Date('2020-03-08T07:00:00Z'))).toBe(true);
    expect(isDebugDaylightTime(new Date('2020-03-01T12:00:00Z'))).toBe(false);
    expect(isDebugDaylightTime(new Date('2020-11-01T05:00:00Z'))).toBe(true);
    expect(isDebugDaylightTime(new Date('2020-11-01T06:00:00Z'))).toBe(false);
  });

  it('shows the shifted wall time with its offset, across a date line (device-management §9)', () => {
    expect(formatDebugTime(new Date('2026-07-01T02:30:05Z'))).toBe('2026-06-30 22:30:05 (UTC−4)');
    expect(formatDebugTime(new Date('2026-01-01T04:00:00Z'))).toBe('2025-12-31 23:00:00 (UTC−5)');
  });
});
