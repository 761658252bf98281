import { describe, expect, it } from 'vitest';
import {
  addMonths,
  insertTarget,
  monthOf,
  monthsToPrepare,
  monthStart,
  oldestKeptMonth,
  parsePartitionName,
  partitionName,
} from './reading-months';

describe('the months readings are partitioned by (decision 074)', () => {
  it('takes the month of an instant in UTC, whatever the hour elsewhere', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toEqual({ year: 2026, month: 11 });
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toEqual({ year: 2026, month: 12 });
  });

  it('counts months across years, forward and back', () => {
    expect(addMonths({ year: 2026, month: 11 }, 2)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 11 }, -23)).toEqual({ year: 2024, month: 12 });
  });

  it('bounds a month by its first instant in UTC, 1970 and year 9999 alike', () => {
    expect(monthStart({ year: 2026, month: 11 }).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart({ year: 1970, month: 1 }).getTime()).toBe(0);
    expect(monthStart({ year: 9999, month: 12 }).toISOString()).toBe('9999-12-01T00:00:00.000Z');
  });

  it('names a partition <table>_yYYYYmMM and reads the month back from its name only', () => {
    const name = partitionName('device_reports', { year: 2026, month: 3 });
    expect(name).toBe('device_reports_y2026m03');
    expect(parsePartitionName('device_reports', name)).toEqual({ year: 2026, month: 3 });
    expect(parsePartitionName('peripheral_reports', name)).toBeNull();
    expect(parsePartitionName('device_reports', 'device_reports_default')).toBeNull();
    expect(parsePartitionName('device_reports', 'device_reports_y2026m13')).toBeNull();
    expect(parsePartitionName('device_reports', 'device_reports_y2026m03_old')).toBeNull();
  });

  it('prepares the current month and the next two', () => {
    expect(monthsToPrepare(new Date('2026-11-29T09:00:00Z'))).toEqual([
      { year: 2026, month: 11 },
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
  });

  it('keeps the current month and the retention’s months before it, so no reading younger than them goes', () => {
    const now = new Date('2026-11-29T09:00:00Z');
    expect(oldestKeptMonth(now, 12)).toEqual({ year: 2025, month: 11 });
    expect(oldestKeptMonth(now, 1)).toEqual({ year: 2026, month: 10 });
  });

  it('writes a batch of one month straight into its partition, and any other batch into the table (decision 080)', () => {
    const times = ['2026-11-01T00:00:00.000Z', '2026-11-30T23:59:59.999Z'].map((t) => new Date(t));
    expect(insertTarget('device_reports', times)).toBe('device_reports_y2026m11');
    expect(insertTarget('peripheral_reports', times.slice(1))).toBe('peripheral_reports_y2026m11');
    expect(insertTarget('device_reports', [...times, new Date('2026-12-01T00:00:00.000Z')])).toBe(
      'device_reports',
    );
    expect(insertTarget('peripheral_reports', [])).toBe('peripheral_reports');
  });
});
