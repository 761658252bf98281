import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCents,
  cents,
  centsToDollars,
  dollarsToCents,
  formatCents,
  multiplyCents,
} from './money';

describe('money in cents', () => {
  it('converts the spec’s dollar prices to exact cents (store-and-public-site §9)', () => {
    expect(dollarsToCents(174.95)).toBe(17495);
    expect(dollarsToCents(199)).toBe(19900);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(-1.005)).toBe(-101);
  });

  it('rounds a stray fraction of a cent', () => {
    expect(cents(100.4)).toBe(100);
    expect(cents(100.5)).toBe(101);
  });

  it('refuses something that is not an amount', () => {
    expect(() => cents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Infinity)).toThrow(RangeError);
  });

  it('shows cents as dollars with thousands separators', () => {
    expect(formatCents(cents(123450))).toBe('$1,234.50');
    expect(formatCents(cents(5))).toBe('$0.05');
    expect(formatCents(cents(-500))).toBe('-$5.00');
    expect(formatCents(cents(0))).toBe('$0.00');
  });

  it('shows every amount as the platform’s US-dollar formatter does', () => {
    const usd = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      signDisplay: 'negative',
    });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (amount) => {
        expect(formatCents(cents(amount))).toBe(usd.format(amount / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('adds, multiplies and converts back', () => {
    expect(addCents(cents(1), cents(2), cents(3))).toBe(6);
    expect(multiplyCents(cents(17495), 3)).toBe(52485);
    expect(centsToDollars(cents(17495))).toBe(174.95);
  });
});
