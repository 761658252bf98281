import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  isoDate,
  isWithinRange,
  parseIsoDate,
  toIsoDate,
  type IsoDate,
} from './calendar-date';

const d = (value: string) => parseIsoDate(value) as IsoDate;

const anyDate = fc
  .date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => toIsoDate(date));

describe('parseIsoDate', () => {
  it('reads real days and the day of a longer ISO timestamp', () => {
    expect(parseIsoDate('2026-02-28')).toBe('2026-02-28');
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDate('2026-11-22T04:39:00Z')).toBe('2026-11-22');
  });

  it('refuses days that do not exist and text that is not a date', () => {
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('2026-04-31')).toBeNull();
    expect(parseIsoDate('22/11/2026')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
  });

  it('throws when made from parts that are not a day', () => {
    expect(() => isoDate(2026, 2, 30)).toThrow(RangeError);
    expect(() => isoDate(2026, 0, 1)).toThrow(RangeError);
  });
});

describe('toIsoDate', () => {
  it('takes the day in UTC unless told a time zone', () => {
    const now = new Date('2026-11-22T03:00:00Z');
    expect(toIsoDate(now)).toBe('2026-11-22');
    expect(toIsoDate(now, 'America/New_York')).toBe('2026-11-21');
  });
});

describe('addMonths', () => {
  it('keeps the day of month, or the last day of a shorter month', () => {
    expect(addMonths(d('2026-01-15'), 1)).toBe('2026-02-15');
    expect(addMonths(d('2026-01-31'), 1)).toBe('2026-02-28');
    expect(addMonths(d('2024-01-31'), 1)).toBe('2024-02-29');
    expect(addMonths(d('2026-11-30'), 3)).toBe('2027-02-28');
    expect(addMonths(d('2026-03-31'), -1)).toBe('2026-02-28');
    expect(addMonths(d('2026-05-20'), -6)).toBe('2025-11-20');
  });

  it('moves 12 months to the same day next year, except 29 February', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const next = addMonths(date, 12);
        if (date.endsWith('-02-29')) expect(next.slice(5)).toBe('02-28');
        else expect(next.slice(5)).toBe(date.slice(5));
        expect(Number(next.slice(0, 4))).toBe(Number(date.slice(0, 4)) + 1);
      }),
    );
  });
});

describe('addDays and daysBetween', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays(d('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(d('2024-02-28'), 1)).toBe('2024-02-29');
    expect(addDays(d('2026-03-01'), -1)).toBe('2026-02-28');
    expect(daysBetween(d('2026-01-01'), d('2027-01-01'))).toBe(365);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it('undoes itself and agrees with daysBetween', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -2000, max: 2000 }), (date, n) => {
        const moved = addDays(date, n);
        expect(addDays(moved, -n)).toBe(date);
        expect(daysBetween(date, moved)).toBe(n);
      }),
    );
  });
});

describe('isWithinRange', () => {
  it('includes both ends', () => {
    const range = { min: d('2026-01-01'), max: d('2026-01-31') };
    expect(isWithinRange(d('2026-01-01'), range)).toBe(true);
    expect(isWithinRange(d('2026-01-31'), range)).toBe(true);
    expect(isWithinRange(d('2026-02-01'), range)).toBe(false);
    expect(isWithinRange(d('2025-12-31'), range)).toBe(false);
  });
});

describe('formatLongDate', () => {
  it('writes a calendar date as pages, e-mails and certificates do, the same in every zone', () => {
    expect(formatLongDate('2026-11-22')).toBe('November 22, 2026');
    expect(formatLongDate('2026-11-22', { withWeekday: true })).toBe('Sunday, November 22, 2026');
    expect(formatLongDate('2028-02-29T00:00:00.000Z')).toBe('February 29, 2028');
  });

  it('leaves a value that is no calendar date as it is', () => {
    expect(formatLongDate('2026-02-30')).toBe('2026-02-30');
    expect(formatLongDate('soon')).toBe('soon');
  });
});
