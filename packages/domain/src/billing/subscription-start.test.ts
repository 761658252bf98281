import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  isWithinRange,
  parseIsoDate,
  toIsoDate,
  type IsoDate,
} from '../shared/calendar-date';
import {
  canModifySeasonalSubscription,
  computeAnnualStart,
  computeMonthlyStart,
  computeSeasonalEndDate,
  computeSeasonalStart,
  computeSeasonalStartRange,
  computeSubscriptionStart,
  SUBSCRIPTION_START_MESSAGES,
  type CurrentSubscription,
} from './subscription-start';

const d = (value: string) => parseIsoDate(value) as IsoDate;
const today = d('2026-06-15');

describe('computeSeasonalEndDate', () => {
  it('is start plus the frequency in months, less a day (accounts-devices-billing §4)', () => {
    expect(computeSeasonalEndDate(d('2026-05-01'), 6)).toBe('2026-10-31');
    expect(computeSeasonalEndDate(d('2026-11-15'), 4)).toBe('2027-03-14');
    expect(computeSeasonalEndDate(d('2026-08-31'), 6)).toBe('2027-02-27');
  });

  it('always ends the day before the same day-of-month frequency months on', () => {
    const anyDate = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2090-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => toIsoDate(date));
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 1, max: 12 }), (start, months) => {
        const end = computeSeasonalEndDate(start, months);
        expect(addDays(end, 1)).toBe(addMonths(start, months));
        expect(end >= start).toBe(true);
      }),
    );
  });
});

describe('computeAnnualStart', () => {
  it('starts the day after the current end while still active (accounts-devices-billing §4)', () => {
    expect(computeAnnualStart({ isActive: true, endDate: d('2026-09-30'), today })).toBe(
      '2026-10-01',
    );
    expect(computeAnnualStart({ isActive: true, endDate: d('2026-06-15'), today })).toBe(
      '2026-06-16',
    );
  });

  it('starts today when not active, when the end has passed, or when there is no end', () => {
    expect(computeAnnualStart({ isActive: false, endDate: d('2026-09-30'), today })).toBe(
      '2026-06-15',
    );
    expect(computeAnnualStart({ isActive: true, endDate: d('2026-06-14'), today })).toBe(
      '2026-06-15',
    );
    expect(computeAnnualStart({ isActive: true, endDate: null, today })).toBe('2026-06-15');
  });
});

describe('computeMonthlyStart', () => {
  it('starts at the next billing date when it is in the future (accounts-devices-billing §4)', () => {
    expect(computeMonthlyStart({ nextBillingDate: d('2026-07-01'), today })).toBe('2026-07-01');
  });

  it('starts today when the next billing date is today, past or unknown', () => {
    expect(computeMonthlyStart({ nextBillingDate: d('2026-06-15'), today })).toBe('2026-06-15');
    expect(computeMonthlyStart({ nextBillingDate: d('2026-05-01'), today })).toBe('2026-06-15');
    expect(computeMonthlyStart({ nextBillingDate: null, today })).toBe('2026-06-15');
  });
});

describe('computeSeasonalStart', () => {
  const season = { startDate: d('2026-05-01'), billingFrequency: 6 }; // 1 May to 31 October

  it('starts at the season start before the season begins (accounts-devices-billing §4)', () => {
    expect(computeSeasonalStart({ ...season, today: d('2026-04-30') })).toEqual({
      isKnown: true,
      startDate: '2026-05-01',
    });
  });

  it('starts 12 months after the start while the season is on, first and last day included', () => {
    for (const day of ['2026-05-01', '2026-06-15', '2026-10-31']) {
      expect(computeSeasonalStart({ ...season, today: d(day) })).toEqual({
        isKnown: true,
        startDate: '2027-05-01',
      });
    }
  });

  it('shows an error after the season has ended', () => {
    expect(computeSeasonalStart({ ...season, today: d('2026-11-01') })).toEqual({
      isKnown: false,
      reason: 'seasonalPeriodEnded',
      message: SUBSCRIPTION_START_MESSAGES.seasonalPeriodEnded,
    });
  });
});

describe('computeSubscriptionStart', () => {
  const current: CurrentSubscription = {
    isActive: true,
    startDate: d('2026-05-01'),
    endDate: d('2026-10-31'),
    nextBillingDate: d('2026-07-01'),
    billingFrequency: 6,
  };

  it('applies the rule of the new plan type (accounts-devices-billing §4)', () => {
    expect(computeSubscriptionStart({ planType: 'Annual', current, today })).toEqual({
      isKnown: true,
      startDate: '2026-11-01',
    });
    expect(computeSubscriptionStart({ planType: 'Monthly', current, today })).toEqual({
      isKnown: true,
      startDate: '2026-07-01',
    });
    expect(computeSubscriptionStart({ planType: 'Seasonal', current, today })).toEqual({
      isKnown: true,
      startDate: '2027-05-01',
    });
  });

  it('starts a seasonal plan today when there is no current season', () => {
    expect(
      computeSubscriptionStart({
        planType: 'Seasonal',
        current: { ...current, startDate: null },
        today,
      }),
    ).toEqual({
      isKnown: true,
      startDate: '2026-06-15',
    });
  });
});

describe('canModifySeasonalSubscription', () => {
  const season = { startDate: d('2026-05-01'), billingFrequency: 6 };

  it('refuses changes between the start date and start plus its months (accounts-devices-billing §4)', () => {
    for (const day of ['2026-05-01', '2026-08-01', '2026-10-31']) {
      expect(canModifySeasonalSubscription({ ...season, today: d(day) })).toBe(false);
    }
  });

  it('allows changes before the season and from start plus its months on', () => {
    expect(canModifySeasonalSubscription({ ...season, today: d('2026-04-30') })).toBe(true);
    expect(canModifySeasonalSubscription({ ...season, today: d('2026-11-01') })).toBe(true);
  });

  it('has a message for the refusal', () => {
    expect(SUBSCRIPTION_START_MESSAGES.seasonInProgress).toMatch(/cannot be changed/);
  });
});

describe('computeSeasonalStartRange', () => {
  it('offers today up to 9 months ahead for an existing subscription (accounts-devices-billing §5)', () => {
    expect(computeSeasonalStartRange({ today, isNewDevice: false })).toEqual({
      min: '2026-06-15',
      max: '2027-03-15',
    });
  });

  it('starts at the next billing date when that is later than today', () => {
    expect(
      computeSeasonalStartRange({ today, isNewDevice: false, nextBillingDate: d('2026-08-01') }),
    ).toEqual({
      min: '2026-08-01',
      max: '2027-05-01',
    });
    expect(
      computeSeasonalStartRange({ today, isNewDevice: false, nextBillingDate: d('2026-01-01') }),
    ).toEqual({
      min: '2026-06-15',
      max: '2027-03-15',
    });
  });

  it('offers 6 months back to 9 months ahead for a new device (accounts-devices-billing §5)', () => {
    const range = computeSeasonalStartRange({
      today,
      isNewDevice: true,
      nextBillingDate: d('2026-08-01'),
    });
    expect(range).toEqual({ min: '2025-12-15', max: '2027-03-15' });
    expect(isWithinRange(d('2025-12-14'), range)).toBe(false);
    expect(isWithinRange(today, range)).toBe(true);
  });
});
