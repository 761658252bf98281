import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isoDate, parseIsoDate, type IsoDate } from '../shared/calendar-date';
import { cents } from '../shared/money';
import { applyPromotedFreeMonths, computeSeasonalCredit } from './subscription-charges';

const d = (value: string) => parseIsoDate(value) as IsoDate;
const monthlyAmount = cents(995);

describe('computeSeasonalCredit', () => {
  it('credits a whole calendar month at exactly the monthly amount, long or short (accounts-devices-billing §9)', () => {
    expect(
      computeSeasonalCredit({ monthlyAmount, from: d('2026-02-01'), through: d('2026-02-28') }),
    ).toBe(995);
    expect(
      computeSeasonalCredit({ monthlyAmount, from: d('2026-03-01'), through: d('2026-03-31') }),
    ).toBe(995);
    expect(
      computeSeasonalCredit({ monthlyAmount, from: d('2024-02-01'), through: d('2024-02-29') }),
    ).toBe(995);
  });

  it('prorates part of a month by the days of that month', () => {
    // 14 of February's 28 days, then 10 of March's 31.
    expect(
      computeSeasonalCredit({
        monthlyAmount: cents(2800),
        from: d('2026-02-15'),
        through: d('2026-02-28'),
      }),
    ).toBe(1400);
    expect(
      computeSeasonalCredit({
        monthlyAmount: cents(3100),
        from: d('2026-03-01'),
        through: d('2026-03-10'),
      }),
    ).toBe(1000);
    expect(
      computeSeasonalCredit({
        monthlyAmount: cents(3100),
        from: d('2026-02-15'),
        through: d('2026-03-10'),
      }),
    ).toBe(1550 + 1000);
  });

  it('credits nothing for an empty span', () => {
    expect(
      computeSeasonalCredit({ monthlyAmount, from: d('2026-03-02'), through: d('2026-03-01') }),
    ).toBe(0);
  });

  it('credits n whole months at n times the monthly amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 50_000 }),
        (year, month, months, amount) => {
          const from = isoDate(year, month, 1);
          const through = addDays(addMonths(from, months), -1);
          expect(computeSeasonalCredit({ monthlyAmount: cents(amount), from, through })).toBe(
            amount * months,
          );
        },
      ),
    );
  });

  it('never credits more than the months the span touches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 400 }),
        (offset, length) => {
          const from = addDays(d('2026-01-01'), offset);
          const through = addDays(from, length);
          const credit = computeSeasonalCredit({ monthlyAmount, from, through });
          expect(credit).toBeGreaterThanOrEqual(0);
          expect(credit).toBeLessThanOrEqual(995 * (Math.ceil((length + 1) / 28) + 1));
        },
      ),
    );
  });
});

describe('applyPromotedFreeMonths', () => {
  const base = { startDate: d('2026-03-15'), billingFrequency: 12, monthlyAmount: cents(825) };

  it('gives a discount for a negative count, dates unchanged (accounts-devices-billing §4)', () => {
    expect(applyPromotedFreeMonths({ ...base, freeMonths: -2, method: 'BEFORE' })).toEqual({
      firstBillingDate: '2026-03-15',
      nextBillingDate: '2027-03-15',
      discount: 1650,
    });
  });

  it('never discounts more than the charge it comes off', () => {
    expect(
      applyPromotedFreeMonths({ ...base, billingFrequency: 1, freeMonths: -3, method: 'AFTER' })
        .discount,
    ).toBe(825);
  });

  it('puts the free months before the first charge with BEFORE', () => {
    expect(applyPromotedFreeMonths({ ...base, freeMonths: 3, method: 'BEFORE' })).toEqual({
      firstBillingDate: '2026-06-15',
      nextBillingDate: '2027-06-15',
      discount: 0,
    });
  });

  it('charges on the start day and moves the next billing date with AFTER', () => {
    expect(applyPromotedFreeMonths({ ...base, freeMonths: 3, method: 'AFTER' })).toEqual({
      firstBillingDate: '2026-03-15',
      nextBillingDate: '2027-06-15',
      discount: 0,
    });
  });

  it('changes nothing with no free months', () => {
    for (const method of ['BEFORE', 'AFTER'] as const) {
      expect(applyPromotedFreeMonths({ ...base, freeMonths: 0, method })).toEqual({
        firstBillingDate: '2026-03-15',
        nextBillingDate: '2027-03-15',
        discount: 0,
      });
    }
  });
});
