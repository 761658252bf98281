import { describe, expect, it } from 'vitest';
import {
  checkMultiUnitMatch,
  MULTI_UNIT_COUNTER_START,
  CUSTOMER_SEGMENT_NONE,
  CUSTOMER_SEGMENT_OTHER,
  CUSTOMER_SEGMENTS,
  PRODUCT_ORIGIN_OTHER,
  PRODUCT_ORIGINS,
  resolveCustomerSegment,
  resolveOtherText,
} from './registration';

describe('registration options', () => {
  it('offers the where-did-you-hear options in the spec order with 9 as Other (store-and-public-site §3)', () => {
    expect(PRODUCT_ORIGINS.map((o) => o.id)).toEqual([1, 10, 2, 3, 4, 5, 9]);
    expect(PRODUCT_ORIGIN_OTHER).toBe(9);
  });

  it('offers customer segments 1 to 7 with 7 as Other (store-and-public-site §3)', () => {
    expect(CUSTOMER_SEGMENTS.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(CUSTOMER_SEGMENT_OTHER).toBe(7);
  });
});

describe('resolveCustomerSegment', () => {
  it('sends 8 when no segment was chosen (store-and-public-site §3)', () => {
    expect(resolveCustomerSegment(null)).toBe(CUSTOMER_SEGMENT_NONE);
    expect(resolveCustomerSegment(undefined)).toBe(8);
  });

  it('keeps a chosen segment', () => {
    expect(resolveCustomerSegment(3)).toBe(3);
  });
});

describe('resolveOtherText', () => {
  it('keeps the free text when Other was chosen (store-and-public-site §5)', () => {
    expect(resolveOtherText(9, PRODUCT_ORIGIN_OTHER, '  a friend at the fair ')).toBe(
      'a friend at the fair',
    );
  });

  it('drops the free text when another option was chosen (store-and-public-site §5)', () => {
    expect(resolveOtherText(1, PRODUCT_ORIGIN_OTHER, 'typed then changed')).toBeNull();
  });

  it('answers null for Other with blank text', () => {
    expect(resolveOtherText(7, CUSTOMER_SEGMENT_OTHER, '   ')).toBeNull();
    expect(resolveOtherText(7, CUSTOMER_SEGMENT_OTHER, null)).toBeNull();
  });
});

describe('multi-unit registration', () => {
  it('starts the quantity counter at 2 (accounts-devices-billing §9)', () => {
    expect(MULTI_UNIT_COUNTER_START).toBe(2);
  });

  it('accepts a further device of the same type and tenant (accounts-devices-billing §4)', () => {
    expect(
      checkMultiUnitMatch({ deviceType: 1, tenantId: 2 }, { deviceType: 1, tenantId: 2 }),
    ).toBeNull();
  });

  it('alerts on a different type or tenant (accounts-devices-billing §4, §5)', () => {
    const mismatch =
      'There was a device type mismatch. Please check the Serial number and try again.';
    expect(
      checkMultiUnitMatch({ deviceType: 1, tenantId: 2 }, { deviceType: 4, tenantId: 2 }),
    ).toBe(mismatch);
    expect(
      checkMultiUnitMatch({ deviceType: 1, tenantId: 2 }, { deviceType: 1, tenantId: 3 }),
    ).toBe(mismatch);
  });
});
