import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_PERIODS,
  canGoToNextPeriod,
  chooseTimeTick,
  computeCustomWindow,
  computePeriodWindow,
  hasMoreTableRows,
  limitWindowToVisibleFrom,
  movePeriod,
  PERIOD_NOT_VISIBLE_MESSAGE,
  TABLE_PAGE_SIZE,
  type CalendarPeriod,
} from './history-periods';

// Wednesday 4 March 2026, 10:30 in Eastern (GMT-5).
const now = new Date('2026-03-04T15:30:00Z');
const eastern = -5;
const at = (iso: string) => new Date(iso);

describe('computePeriodWindow', () => {
  it('takes today, this week, this month and this year in the device time zone (device-management §2)', () => {
    const window = (period: CalendarPeriod) =>
      computePeriodWindow({ period, now, gmtOffsetHours: eastern });
    expect(window('day')).toEqual({
      period: 'day',
      offset: 0,
      from: at('2026-03-04T05:00:00Z'),
      to: at('2026-03-05T05:00:00Z'),
    });
    expect(window('week')).toMatchObject({
      from: at('2026-03-01T05:00:00Z'),
      to: at('2026-03-08T05:00:00Z'),
    });
    expect(window('month')).toMatchObject({
      from: at('2026-03-01T05:00:00Z'),
      to: at('2026-04-01T05:00:00Z'),
    });
    expect(window('year')).toMatchObject({
      from: at('2026-01-01T05:00:00Z'),
      to: at('2027-01-01T05:00:00Z'),
    });
  });

  it('uses the local date, not the UTC one, late in the evening', () => {
    // 03:00 UTC on the 4th is still 22:00 on the 3rd in Eastern.
    const window = computePeriodWindow({
      period: 'day',
      now: at('2026-03-04T03:00:00Z'),
      gmtOffsetHours: eastern,
    });
    expect(window.from).toEqual(at('2026-03-03T05:00:00Z'));
  });

  it('goes back across a year end with a negative offset (device-management §4)', () => {
    const window = computePeriodWindow({
      period: 'month',
      offset: -1,
      now: at('2026-01-15T12:00:00Z'),
      gmtOffsetHours: 0,
    });
    expect(window).toMatchObject({
      offset: -1,
      from: at('2025-12-01T00:00:00Z'),
      to: at('2026-01-01T00:00:00Z'),
    });
  });

  it('treats a positive offset as the current period (device-management §4 "offset 0 or negative")', () => {
    expect(
      computePeriodWindow({ period: 'week', offset: 3, now, gmtOffsetHours: eastern }),
    ).toEqual(computePeriodWindow({ period: 'week', now, gmtOffsetHours: eastern }));
  });

  const arbitraries = {
    period: fc.constantFrom(...CALENDAR_PERIODS),
    now: fc.date({
      min: at('1990-01-01T00:00:00Z'),
      max: at('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    }),
    offset: fc.integer({ min: -400, max: 3 }),
    gmtOffsetHours: fc.integer({ min: -24, max: 28 }).map((halfHours) => halfHours / 2),
  };

  it('never starts a window after now, and the current one contains now', () => {
    fc.assert(
      fc.property(
        arbitraries.period,
        arbitraries.now,
        arbitraries.offset,
        arbitraries.gmtOffsetHours,
        (period, when, offset, gmtOffsetHours) => {
          const window = computePeriodWindow({ period, offset, now: when, gmtOffsetHours });
          expect(window.offset).toBeLessThanOrEqual(0);
          expect(window.from.getTime()).toBeLessThanOrEqual(when.getTime());
          expect(window.from.getTime()).toBeLessThan(window.to.getTime());
          if (window.offset === 0) expect(window.to.getTime()).toBeGreaterThan(when.getTime());
          else expect(window.to.getTime()).toBeLessThanOrEqual(when.getTime());
        },
      ),
    );
  });

  it('lays consecutive periods end to end without gaps or overlaps', () => {
    fc.assert(
      fc.property(
        arbitraries.period,
        arbitraries.now,
        fc.integer({ min: -400, max: 0 }),
        arbitraries.gmtOffsetHours,
        (period, when, offset, gmtOffsetHours) => {
          const later = computePeriodWindow({ period, offset, now: when, gmtOffsetHours });
          const earlier = computePeriodWindow({
            period,
            offset: offset - 1,
            now: when,
            gmtOffsetHours,
          });
          expect(earlier.to).toEqual(later.from);
        },
      ),
    );
  });
});

describe('movePeriod', () => {
  it('refuses next from the current period (device-management §4 "next is blocked beyond the present")', () => {
    expect(canGoToNextPeriod(0)).toBe(false);
    expect(canGoToNextPeriod(-1)).toBe(true);
    expect(
      movePeriod({ period: 'day', offset: 0, direction: 'next', now, gmtOffsetHours: eastern }),
    ).toEqual({ isAllowed: false, reason: 'future' });
  });

  it('moves back and forward one period at a time', () => {
    const back = movePeriod({
      period: 'week',
      offset: 0,
      direction: 'previous',
      now,
      gmtOffsetHours: eastern,
    });
    expect(back).toMatchObject({
      isAllowed: true,
      window: { offset: -1, from: at('2026-02-22T05:00:00Z'), to: at('2026-03-01T05:00:00Z') },
    });
    const forward = movePeriod({
      period: 'week',
      offset: -1,
      direction: 'next',
      now,
      gmtOffsetHours: eastern,
    });
    expect(forward).toMatchObject({ isAllowed: true, window: { offset: 0 } });
  });

  it('never moves past now however often next is pressed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALENDAR_PERIODS),
        fc.array(fc.constantFrom('previous' as const, 'next' as const), { maxLength: 40 }),
        (period, presses) => {
          let offset = 0;
          for (const direction of presses) {
            const move = movePeriod({ period, offset, direction, now, gmtOffsetHours: eastern });
            if (move.isAllowed) offset = move.window.offset;
            else expect(direction).toBe('next');
            expect(offset).toBeLessThanOrEqual(0);
            if (move.isAllowed)
              expect(move.window.from.getTime()).toBeLessThanOrEqual(now.getTime());
          }
        },
      ),
    );
  });

  it('refuses a sub-account a period starting before its creation date (device-management §5)', () => {
    // Given the unit on Monday 2 March at 07:00 Eastern; "now" is Wednesday 4 March.
    const visibleFrom = at('2026-03-02T12:00:00Z');
    const move = (period: CalendarPeriod, offset: number, direction: 'previous' | 'next') =>
      movePeriod({ period, offset, direction, now, gmtOffsetHours: eastern, visibleFrom });
    const refused = {
      isAllowed: false,
      reason: 'not-visible',
      message: PERIOD_NOT_VISIBLE_MESSAGE,
    };
    expect(move('day', -1, 'previous')).toMatchObject({ isAllowed: true, window: { offset: -2 } });
    expect(move('day', -2, 'previous')).toEqual(refused);
    // This week started on Sunday 1 March, the day before: refused as a whole.
    expect(move('week', -1, 'next')).toEqual(refused);
    expect(move('month', 0, 'previous')).toEqual(refused);
    expect(PERIOD_NOT_VISIBLE_MESSAGE).toBe(
      'Cannot view records for given period, please select a different time period.',
    );
  });

  it('allows a sub-account the day it was given the unit, the window as asked (device-management §5, §6)', () => {
    const visibleFrom = at('2026-03-02T12:00:00Z');
    const move = movePeriod({
      period: 'day',
      offset: -1,
      direction: 'previous',
      now,
      gmtOffsetHours: eastern,
      visibleFrom,
    });
    // The readings before 07:00 that day are hidden by the visible-history rule, not the window.
    expect(move).toEqual({
      isAllowed: true,
      window: {
        period: 'day',
        offset: -2,
        from: at('2026-03-02T05:00:00Z'),
        to: at('2026-03-03T05:00:00Z'),
      },
    });
  });
});

describe('limitWindowToVisibleFrom', () => {
  const today = computePeriodWindow({ period: 'day', now, gmtOffsetHours: eastern });

  it('leaves an owner’s window alone', () => {
    const month = computePeriodWindow({ period: 'month', now, gmtOffsetHours: eastern });
    expect(limitWindowToVisibleFrom(month, null, eastern)).toEqual({
      isAllowed: true,
      window: month,
    });
  });

  it('allows "Today" on the day the sub-account was given the unit and refuses yesterday (device-management §5)', () => {
    const givenAt = at('2026-03-04T14:00:00Z'); // 09:00 Eastern, today
    expect(limitWindowToVisibleFrom(today, givenAt, eastern)).toEqual({
      isAllowed: true,
      window: today,
    });
    const yesterday = computePeriodWindow({
      period: 'day',
      offset: -1,
      now,
      gmtOffsetHours: eastern,
    });
    expect(limitWindowToVisibleFrom(yesterday, givenAt, eastern)).toEqual({
      isAllowed: false,
      message: PERIOD_NOT_VISIBLE_MESSAGE,
    });
  });

  it('compares days on the device’s calendar, not in UTC (device-management §5)', () => {
    // 03:00 UTC on the 5th is still the 4th, 22:00, in Eastern: today is the day it was given.
    const lateEvening = at('2026-03-05T03:00:00Z');
    expect(limitWindowToVisibleFrom(today, lateEvening, eastern).isAllowed).toBe(true);
    // In GMT+0 that moment is the 5th, the day after today's window starts.
    const utcToday = computePeriodWindow({ period: 'day', now, gmtOffsetHours: 0 });
    expect(limitWindowToVisibleFrom(utcToday, lateEvening, 0).isAllowed).toBe(false);
  });

  it('allows every window starting on or after the creation day and refuses every one before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: -10, max: -4 }),
        (fromMs, visibleMs, gmtOffsetHours) => {
          const window = {
            period: 'custom' as const,
            offset: 0,
            from: new Date(fromMs),
            to: new Date(fromMs + 1),
          };
          const result = limitWindowToVisibleFrom(window, new Date(visibleMs), gmtOffsetHours);
          const day = (ms: number) =>
            new Date(ms + gmtOffsetHours * 3_600_000).toISOString().slice(0, 10);
          expect(result.isAllowed).toBe(day(fromMs) >= day(visibleMs));
        },
      ),
    );
  });
});

describe('computeCustomWindow', () => {
  const custom = (fromDate: string, toDate: string, visibleFrom: Date | null = null) =>
    computeCustomWindow({ fromDate, toDate, now, gmtOffsetHours: eastern, visibleFrom });

  it('covers whole local days from the first to the last chosen day', () => {
    expect(custom('2026-02-01', '2026-03-04')).toEqual({
      isValid: true,
      window: {
        period: 'custom',
        offset: 0,
        from: at('2026-02-01T05:00:00Z'),
        to: at('2026-03-05T05:00:00Z'),
      },
    });
  });

  it('refuses a future day (device-management §5 "Custom range pickers allow no future dates")', () => {
    expect(custom('2026-03-01', '2026-03-05')).toEqual({ isValid: false, reason: 'future' });
  });

  it('refuses a reversed range and dates that do not exist', () => {
    expect(custom('2026-03-02', '2026-03-01')).toEqual({ isValid: false, reason: 'reversed' });
    expect(custom('2026-02-30', '2026-03-01')).toEqual({ isValid: false, reason: 'invalid-date' });
    expect(custom('March 1', '2026-03-01')).toEqual({ isValid: false, reason: 'invalid-date' });
  });

  it('refuses a sub-account a range before its creation date (device-management §5)', () => {
    expect(custom('2026-01-01', '2026-01-31', at('2026-03-02T12:00:00Z'))).toEqual({
      isValid: false,
      reason: 'not-visible',
      message: PERIOD_NOT_VISIBLE_MESSAGE,
    });
  });
});

describe('chooseTimeTick', () => {
  it('ticks hourly for a day and monthly over 31 days (device-management §9)', () => {
    const window = (period: CalendarPeriod) =>
      computePeriodWindow({ period, now, gmtOffsetHours: eastern });
    expect(chooseTimeTick(window('day'))).toBe('hour');
    expect(chooseTimeTick(window('week'))).toBe('day');
    expect(chooseTimeTick(window('month'))).toBe('day');
    expect(chooseTimeTick(window('year'))).toBe('month');
  });

  it('keeps a custom range of exactly 31 days daily and one of 32 monthly', () => {
    const thirtyOne = computeCustomWindow({
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      now,
      gmtOffsetHours: 0,
    });
    const thirtyTwo = computeCustomWindow({
      fromDate: '2026-01-01',
      toDate: '2026-02-01',
      now,
      gmtOffsetHours: 0,
    });
    expect(thirtyOne.isValid && chooseTimeTick(thirtyOne.window)).toBe('day');
    expect(thirtyTwo.isValid && chooseTimeTick(thirtyTwo.window)).toBe('month');
  });
});

describe('report table pages', () => {
  it('loads 500 rows at a time and asks for more only after a full page (device-management §9)', () => {
    expect(TABLE_PAGE_SIZE).toBe(500);
    expect(hasMoreTableRows(500)).toBe(true);
    expect(hasMoreTableRows(499)).toBe(false);
    expect(hasMoreTableRows(0)).toBe(false);
  });
});
