import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { cents } from '../shared/money';
import {
  buildPostageRateQuery,
  COMBO_UNIT_WEIGHT,
  computeShippingCost,
  computeShippingWeight,
  POSTAGE_ORIGIN_ZIP,
  POSTAGE_SERVICE_TYPES,
} from './postage';

const line = (itemId: number, quantity: number, weight: number): CartItem => ({
  itemId,
  quantity,
  weight,
  unitPrice: cents(100),
});

describe('computeShippingWeight', () => {
  it.each([
    [1, 1, 1.5, 3],
    [1, 3, 1.5, 9],
    [4, 1, 0.25, 2],
    [4, 2, 0.25, 4],
    [11, 1, 5, 43.9],
    [7, 1, 0.5, 0.5],
  ])(
    'weighs item %i × %i listed at %s as %s (store-and-public-site §9 weight multipliers)',
    (itemId, quantity, weight, expected) => {
      expect(computeShippingWeight([line(itemId, quantity, weight)])).toBe(expected);
    },
  );

  it('weighs each combo unit at 43.9 (store-and-public-site §9)', () => {
    expect(COMBO_UNIT_WEIGHT).toBe(43.9);
    expect(computeShippingWeight([line(11, 2, 5)])).toBe(87.8);
  });

  it('takes other items at their listed weight times quantity', () => {
    expect(computeShippingWeight([line(7, 3, 0.1), line(27, 1, 0.2)])).toBe(0.5);
  });

  it('sums the lines of a mixed cart', () => {
    expect(computeShippingWeight([line(1, 2, 1), line(4, 1, 1), line(11, 1, 9)])).toBe(
      4 + 8 + 43.9,
    );
  });
});

describe('buildPostageRateQuery', () => {
  it('quotes from zip 14624 with type 1 for overnight and 2 for regular (store-and-public-site §7, §9)', () => {
    expect(POSTAGE_ORIGIN_ZIP).toBe('14624');
    expect(POSTAGE_SERVICE_TYPES).toEqual({ overnightShipping: 1, regularShipping: 2 });
    expect(buildPostageRateQuery([line(1, 1, 2)], ' 10001 ', 'overnightShipping', 55)).toEqual({
      weight: 4,
      toZipCode: '10001',
      fromZipCode: '14624',
      shippingType: 1,
      orderId: 55,
    });
    expect(buildPostageRateQuery([line(1, 1, 2)], '10001', 'regularShipping').shippingType).toBe(2);
  });
});

describe('computeShippingCost', () => {
  it('adds the rate multiplier times the postage to the postage rate (store-and-public-site §9)', () => {
    expect(computeShippingCost(cents(1000), 0.25)).toBe(1250);
    expect(computeShippingCost(cents(1000), 0)).toBe(1000);
    expect(computeShippingCost(cents(999), 0.5)).toBe(1499);
  });

  it('never answers a negative cost', () => {
    expect(computeShippingCost(cents(1000), -3)).toBe(0);
    expect(computeShippingCost(cents(1000), Number.NaN)).toBe(1000);
  });
});
