import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isoDate, parseIsoDate, type IsoDate } from '../shared/calendar-date';
import { cents } from '../shared/money';
import {
  applyPromotedFreeMonths,
  computePeriodCharge,
  computePlanChangeCredit,
  computeProratedCredit,
  countProratedMonths,
} from './subscription-charges';

const d = (value: string) => parseIsoDate(value) as IsoDate;
const monthlyAmount = cents(995);

describe('computeProratedCredit', () => {
  it('credits a whole calendar month at exactly the monthly amount, long or short (accounts-devices-billing §9)', () => {
    expect(
      computeProratedCredit({ monthlyAmount, from: d('2026-02-01'), through: d('2026-02-28') }),
    ).toBe(995);
    expect(
      computeProratedCredit({ monthlyAmount, from: d('2026-03-01'), through: d('2026-03-31') }),
    ).toBe(995);
    expect(
      computeProratedCredit({ monthlyAmount, from: d('2024-02-01'), through: d('2024-02-29') }),
    ).toBe(995);
  });

  it('prorates part of a month by the days of that month', () => {
    // 14 of February's 28 days, then 10 of March's 31.
    expect(
      computeProratedCredit({
        monthlyAmount: cents(2800),
        from: d('2026-02-15'),
        through: d('2026-02-28'),
      }),
    ).toBe(1400);
    expect(
      computeProratedCredit({
        monthlyAmount: cents(3100),
        from: d('2026-03-01'),
        through: d('2026-03-10'),
      }),
    ).toBe(1000);
    expect(
      computeProratedCredit({
        monthlyAmount: cents(3100),
        from: d('2026-02-15'),
        through: d('2026-03-10'),
      }),
    ).toBe(1550 + 1000);
  });

  it('credits nothing for an empty span', () => {
    expect(
      computeProratedCredit({ monthlyAmount, from: d('2026-03-02'), through: d('2026-03-01') }),
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
          expect(computeProratedCredit({ monthlyAmount: cents(amount), from, through })).toBe(
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
          const credit = computeProratedCredit({ monthlyAmount, from, through });
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

describe('countProratedMonths', () => {
  it('counts a whole calendar month as 1 and a part by the days of its own month (accounts-devices-billing §9)', () => {
    expect(countProratedMonths(d('2026-02-01'), d('2026-02-28'))).toBe(1);
    expect(countProratedMonths(d('2026-11-22'), d('2026-12-21'))).toBeCloseTo(9 / 30 + 21 / 31);
    expect(countProratedMonths(d('2026-03-02'), d('2026-03-01'))).toBe(0);
  });
});

describe('computePlanChangeCredit', () => {
  const paidPeriod = {
    start: d('2026-11-22'),
    end: d('2026-12-21'),
    paid: cents(995),
    creditedFrom: null,
  };

  it('gives back all a period was paid when the new plan starts on its first day (accounts-devices-billing §4, §9)', () => {
    expect(computePlanChangeCredit({ paidPeriod, newStart: d('2026-11-22') })).toBe(995);
    expect(computePlanChangeCredit({ paidPeriod, newStart: d('2026-11-01') })).toBe(995);
  });

  it('credits the paid days from the new start on, shared by days per month (accounts-devices-billing §9)', () => {
    // December 1 to 21 of a period 9/30 + 21/31 months long.
    const share = 21 / 31 / (9 / 30 + 21 / 31);
    expect(computePlanChangeCredit({ paidPeriod, newStart: d('2026-12-01') })).toBe(
      Math.round(995 * share),
    );
    // A year at $8.25 a month, from April: 9 of its 12 months.
    expect(
      computePlanChangeCredit({
        paidPeriod: {
          start: d('2026-01-01'),
          end: d('2026-12-31'),
          paid: cents(9900),
          creditedFrom: null,
        },
        newStart: d('2026-04-01'),
      }),
    ).toBe(7425);
  });

  it('credits nothing when the new plan starts after the paid days, or nothing was paid', () => {
    expect(computePlanChangeCredit({ paidPeriod, newStart: d('2026-12-22') })).toBe(0);
    expect(
      computePlanChangeCredit({
        paidPeriod: { ...paidPeriod, paid: cents(0) },
        newStart: d('2026-11-22'),
      }),
    ).toBe(0);
  });

  it('gives back only what a discounted or free month was paid (accounts-devices-billing §4 promoted free months)', () => {
    expect(
      computePlanChangeCredit({
        paidPeriod: {
          start: d('2026-01-01'),
          end: d('2026-12-31'),
          paid: cents(9075),
          creditedFrom: null,
        },
        newStart: d('2026-07-01'),
      }),
    ).toBe(4538);
  });

  it('never credits the same paid day twice: days credited to an earlier change are left out (decision 054)', () => {
    const annual = { start: d('2026-11-22'), end: d('2027-11-21'), paid: cents(9900) };
    expect(
      computePlanChangeCredit({
        paidPeriod: { ...annual, creditedFrom: d('2026-11-22') },
        newStart: d('2027-06-01'),
      }),
    ).toBe(0);
    // Credited from June 1: a change starting in March gets March to May back.
    expect(
      computePlanChangeCredit({
        paidPeriod: { ...annual, creditedFrom: d('2027-06-01') },
        newStart: d('2027-03-01'),
      }),
    ).toBe(825 * 3);
  });

  it('never gives back more than was paid, and all of it from the first day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100_000 }),
        (offset, months, startOffset, amount) => {
          const start = addDays(d('2024-01-01'), offset);
          const end = addDays(addMonths(start, months), -1);
          const period = { start, end, paid: cents(amount), creditedFrom: null };
          expect(computePlanChangeCredit({ paidPeriod: period, newStart: start })).toBe(amount);
          const credit = computePlanChangeCredit({
            paidPeriod: period,
            newStart: addDays(start, startOffset),
          });
          expect(credit).toBeGreaterThanOrEqual(0);
          expect(credit).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

describe('computePeriodCharge', () => {
  const plan = { monthlyAmount: cents(895), billingFrequency: 6 };

  it('charges the months at the monthly amount less the discount, then the credit (decisions 036, 054)', () => {
    expect(computePeriodCharge({ ...plan, discount: cents(0), credit: cents(973) })).toEqual({
      gross: 5370,
      discountUsed: 0,
      creditUsed: 973,
      subtotal: 4397,
    });
    expect(computePeriodCharge({ ...plan, discount: cents(895), credit: cents(100) })).toEqual({
      gross: 5370,
      discountUsed: 895,
      creditUsed: 100,
      subtotal: 4375,
    });
  });

  it('never charges below zero and uses only the credit the period needs, the rest kept for later', () => {
    expect(computePeriodCharge({ ...plan, discount: cents(0), credit: cents(9000) })).toEqual({
      gross: 5370,
      discountUsed: 0,
      creditUsed: 5370,
      subtotal: 0,
    });
    expect(computePeriodCharge({ ...plan, discount: cents(5000), credit: cents(9000) })).toEqual({
      gross: 5370,
      discountUsed: 5000,
      creditUsed: 370,
      subtotal: 0,
    });
  });

  it('adds up: subtotal + discount used + credit used = gross', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, frequency, discount, credit) => {
          const charge = computePeriodCharge({
            monthlyAmount: cents(amount),
            billingFrequency: frequency,
            discount: cents(discount),
            credit: cents(credit),
          });
          expect(charge.subtotal).toBeGreaterThanOrEqual(0);
          expect(charge.creditUsed).toBeLessThanOrEqual(credit);
          expect(charge.subtotal + charge.discountUsed + charge.creditUsed).toBe(
            amount * frequency,
          );
        },
      ),
    );
  });
});
