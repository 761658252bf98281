import { describe, expect, it } from 'vitest';
import { cents } from '../shared/money';
import {
  buildReplacementLines,
  computeReplacementTotal,
  DEFAULT_REPLACEMENT_ITEM_ID,
  devicesToReplace,
  isReplacementItemId,
  REPLACEMENT_PRICE,
  REPLACEMENT_PURCHASE_ITEM_IDS,
  REPLACEMENT_REQUEST_DEFAULTS,
  replacementItemFor,
  type EligibleDevice,
} from './replacement';

const device = (
  deviceNsp: number,
  deviceType: number,
  extra: Partial<EligibleDevice> = {},
): EligibleDevice => ({
  deviceNsp,
  deviceType,
  serialNumber: `S${deviceNsp}${deviceType}`,
  ...extra,
});

describe('replacementItemFor', () => {
  it.each([
    [1, 1, 100],
    [1, 2, 100],
    [1, 6, 100],
    [1, 4, 103],
    [1, 5, 103],
    [1, 7, 103],
    [2, 1, 200],
    [2, 2, 200],
    [2, 6, 200],
    [2, 4, 203],
    [2, 5, 203],
    [2, 7, 203],
  ])('maps carrier %i type %i to item %i (store-and-public-site §9)', (carrier, type, itemId) => {
    expect(replacementItemFor(device(carrier, type))).toBe(itemId);
  });

  it.each([
    [1, 3],
    [1, 8],
    [2, 3],
    [3, 1],
    [0, 4],
  ])(
    'falls back to item 100 for carrier %i type %i (store-and-public-site §9)',
    (carrier, type) => {
      expect(replacementItemFor(device(carrier, type))).toBe(100);
    },
  );

  it('falls back to item 100 for any other carrier or type (store-and-public-site §9)', () => {
    expect(replacementItemFor(device(3, 1))).toBe(DEFAULT_REPLACEMENT_ITEM_ID);
    expect(replacementItemFor(device(2, 9))).toBe(100);
  });
});

describe('replacement items', () => {
  it('knows the purchase variants (store-and-public-site §9)', () => {
    expect(REPLACEMENT_PURCHASE_ITEM_IDS).toEqual([101, 105, 102, 104, 201, 205, 202, 204]);
    expect([100, 103, 200, 203, 101, 205].every(isReplacementItemId)).toBe(true);
    expect(isReplacementItemId(1)).toBe(false);
  });
});

describe('devicesToReplace', () => {
  it('counts only devices marked Replace, which is the default (store-and-public-site §3, §4)', () => {
    const devices = [
      device(1, 1),
      device(1, 4, { replace: false }),
      device(2, 1, { replace: true }),
    ];
    expect(devicesToReplace(devices).map((d) => d.serialNumber)).toEqual(['S11', 'S21']);
  });
});

describe('buildReplacementLines', () => {
  it('sends one line of quantity 1 per replaced device with its serial (store-and-public-site §3, §9)', () => {
    expect(
      buildReplacementLines([device(1, 4), device(2, 1), device(2, 4, { replace: false })]),
    ).toEqual([
      { itemId: 103, quantity: 1, serial: 'S14' },
      { itemId: 200, quantity: 1, serial: 'S21' },
    ]);
  });
});

describe('computeReplacementTotal', () => {
  it('charges 99 per replaced device when the item could not be loaded (store-and-public-site §4, §9)', () => {
    expect(REPLACEMENT_PRICE).toBe(9900);
    expect(
      computeReplacementTotal([device(1, 1), device(1, 4), device(2, 1, { replace: false })]),
    ).toBe(19800);
  });

  it('uses the loaded item price when there is one', () => {
    expect(computeReplacementTotal([device(1, 1)], cents(8900))).toBe(8900);
  });

  it('charges nothing when no device is marked', () => {
    expect(computeReplacementTotal([device(1, 1, { replace: false })])).toBe(0);
  });
});

describe('replacement request defaults', () => {
  it('sends priority 1, BillingUser 0 and ShippingType N (store-and-public-site §3)', () => {
    expect(REPLACEMENT_REQUEST_DEFAULTS).toEqual({
      priority: 1,
      billingUser: 0,
      shippingType: 'N',
    });
  });
});
