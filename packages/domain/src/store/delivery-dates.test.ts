import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../shared/calendar-date';
import {
  deliveryDaysFor,
  estimateDeliveryDate,
  OVERNIGHT_CUTOFF_HOUR,
  toLocalDateAndHour,
  weekdayOf,
  type Weekday,
} from './delivery-dates';

// 2026-03-01 is a Sunday; the week runs Sun 1 … Sat 7.
const day = (n: number) => `2026-03-0${n}` as IsoDate;
const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const weekdayName = (date: IsoDate) => names[weekdayOf(date)];
const week: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

// Rows: weekday, regular, overnight before the cutoff, overnight from the cutoff (SPEC-NOTES.md).
const TABLE: [Weekday, number, number, number][] = [
  [0, 4, 2, 3],
  [1, 3, 1, 2],
  [2, 3, 1, 2],
  [3, 5, 1, 2],
  [4, 5, 1, 4],
  [5, 5, 3, 4],
  [6, 5, 3, 4],
];

describe.each(TABLE)('an order on weekday %i', (weekday, regular, overnight, overnightLate) => {
  it(`arrives ${regular} days later by regular shipping, whatever the hour (store-and-public-site §4)`, () => {
    expect(deliveryDaysFor('regularShipping', weekday, 9)).toBe(regular);
    expect(deliveryDaysFor('regularShipping', weekday, 17)).toBe(regular);
  });

  it(`arrives ${overnight} days later overnight just before the cutoff (store-and-public-site §4)`, () => {
    expect(deliveryDaysFor('overnightShipping', weekday, OVERNIGHT_CUTOFF_HOUR - 1)).toBe(
      overnight,
    );
  });

  it(`arrives ${overnightLate} days later overnight from the cutoff (store-and-public-site §4)`, () => {
    expect(deliveryDaysFor('overnightShipping', weekday, OVERNIGHT_CUTOFF_HOUR)).toBe(
      overnightLate,
    );
  });
});

describe('regular delivery', () => {
  it('is 3 days, plus extra days on Wed, Thu, Fri, Sat and Sun (store-and-public-site §4)', () => {
    expect(week.map((w) => deliveryDaysFor('regularShipping', w, 9))).toEqual([
      4, 3, 3, 5, 5, 5, 5,
    ]);
  });

  it('never lands on a weekend', () => {
    const dates = [1, 2, 3, 4, 5, 6, 7].map((n) =>
      estimateDeliveryDate({ today: day(n), hour: 9, method: 'regularShipping' }),
    );
    expect(dates).toEqual([
      '2026-03-05', // Sun → Thu
      '2026-03-05', // Mon → Thu
      '2026-03-06', // Tue → Fri
      '2026-03-09', // Wed → Mon
      '2026-03-10', // Thu → Tue
      '2026-03-11', // Fri → Wed
      '2026-03-12', // Sat → Thu
    ]);
    expect(dates.map(weekdayName)).not.toContain('Sat');
    expect(dates.map(weekdayName)).not.toContain('Sun');
  });

  it('ignores the afternoon cutoff', () => {
    expect(estimateDeliveryDate({ today: day(2), hour: 17, method: 'regularShipping' })).toBe(
      '2026-03-05',
    );
  });
});

describe('overnight delivery', () => {
  it('adds 1 day, 2 on Sunday and 3 on Friday and Saturday before the cutoff (store-and-public-site §4)', () => {
    expect(week.map((w) => deliveryDaysFor('overnightShipping', w, 9))).toEqual([
      2, 1, 1, 1, 1, 3, 3,
    ]);
  });

  it('adds one more day from the afternoon cutoff, 4 on Thursday (store-and-public-site §4)', () => {
    expect(week.map((w) => deliveryDaysFor('overnightShipping', w, OVERNIGHT_CUTOFF_HOUR))).toEqual(
      [3, 2, 2, 2, 4, 4, 4],
    );
  });

  it('delivers a Thursday afternoon order on Monday, not Saturday', () => {
    const date = estimateDeliveryDate({ today: day(5), hour: 15, method: 'overnightShipping' });
    expect(date).toBe('2026-03-09');
    expect(weekdayName(date)).toBe('Mon');
  });

  it('switches at the cutoff hour, which can be set', () => {
    expect(estimateDeliveryDate({ today: day(2), hour: 11, method: 'overnightShipping' })).toBe(
      '2026-03-03',
    );
    expect(estimateDeliveryDate({ today: day(2), hour: 12, method: 'overnightShipping' })).toBe(
      '2026-03-04',
    );
    expect(
      estimateDeliveryDate({
        today: day(2),
        hour: 13,
        method: 'overnightShipping',
        cutoffHour: 14,
      }),
    ).toBe('2026-03-03');
  });

  it('never lands on a weekend, before or after the cutoff', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      for (const hour of [8, 16]) {
        const date = estimateDeliveryDate({ today: day(n), hour, method: 'overnightShipping' });
        expect(['Sat', 'Sun']).not.toContain(weekdayName(date));
      }
    }
  });

  it('crosses month and year ends', () => {
    expect(
      estimateDeliveryDate({
        today: '2026-12-31' as IsoDate,
        hour: 9,
        method: 'overnightShipping',
      }),
    ).toBe('2027-01-01');
    expect(
      estimateDeliveryDate({ today: '2026-02-27' as IsoDate, hour: 9, method: 'regularShipping' }),
    ).toBe('2026-03-04');
  });
});

describe('toLocalDateAndHour', () => {
  it('reads the day and hour in the given time zone', () => {
    const now = new Date('2026-03-06T03:30:00Z');
    expect(toLocalDateAndHour(now, 'America/New_York')).toEqual({ today: '2026-03-05', hour: 22 });
    expect(toLocalDateAndHour(now, 'UTC')).toEqual({ today: '2026-03-06', hour: 3 });
  });
});
