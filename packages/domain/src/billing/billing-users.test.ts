import { describe, expect, it } from 'vitest';
import {
  BILLED_USER_MESSAGES,
  checkBilledUserDevice,
  findDeviceBillingFamily,
  isBilledUser,
} from './billing-users';
import { fillBrand } from '../shared/messages';

describe('findDeviceBillingFamily', () => {
  it.each([2, 3, 5, 10, 12, 14, 18])(
    'puts test type %i in the test family: registration completes directly (accounts-devices-billing §4)',
    (type) => {
      expect(findDeviceBillingFamily(type)).toBe('test');
    },
  );

  it.each([6, 7, 8])(
    'puts type %i in the billed family, with no card subscription (accounts-devices-billing §4)',
    (type) => {
      expect(findDeviceBillingFamily(type)).toBe('billed');
    },
  );

  it.each([1, 4, 9, 11, 13, 17, 19, 20])('puts type %i in the card family', (type) => {
    expect(findDeviceBillingFamily(type)).toBe('card');
  });
});

describe('isBilledUser', () => {
  it('reads 0 as a regular user and any other number as billed (accounts-devices-billing §6)', () => {
    expect(isBilledUser(0)).toBe(false);
    expect(isBilledUser(1)).toBe(true);
    expect(isBilledUser(42)).toBe(true);
  });
});

describe('checkBilledUserDevice', () => {
  it('accepts a billed user with an invoice device and an AP contact', () => {
    for (const deviceType of [6, 7, 8]) {
      expect(
        checkBilledUserDevice({ billingCheckResult: 1, deviceType, hasApContact: true }),
      ).toEqual({ isValid: true });
    }
  });

  it('accepts a regular user with any other device, AP contact or not', () => {
    expect(
      checkBilledUserDevice({ billingCheckResult: 0, deviceType: 1, hasApContact: false }),
    ).toEqual({ isValid: true });
    expect(
      checkBilledUserDevice({ billingCheckResult: 0, deviceType: 2, hasApContact: false }),
    ).toEqual({ isValid: true });
  });

  it('flags a billed user with a type other than 6, 7, 8 (accounts-devices-billing §5)', () => {
    for (const deviceType of [1, 2, 4, 9]) {
      expect(
        checkBilledUserDevice({ billingCheckResult: 1, deviceType, hasApContact: true }),
      ).toEqual({
        isValid: false,
        problem: 'billedUserNeedsInvoiceDevice',
        message: BILLED_USER_MESSAGES.billedUserNeedsInvoiceDevice,
      });
    }
  });

  it('flags a regular user with type 6, 7 or 8 (accounts-devices-billing §5)', () => {
    for (const deviceType of [6, 7, 8]) {
      expect(
        checkBilledUserDevice({ billingCheckResult: 0, deviceType, hasApContact: true }),
      ).toMatchObject({
        isValid: false,
        problem: 'regularUserWithInvoiceDevice',
      });
    }
  });

  it('flags a billed user without an AP contact (accounts-devices-billing §5)', () => {
    expect(
      checkBilledUserDevice({ billingCheckResult: 3, deviceType: 7, hasApContact: false }),
    ).toMatchObject({
      isValid: false,
      problem: 'billedUserWithoutApContact',
    });
  });

  it('reports the wrong type before the missing contact', () => {
    expect(
      checkBilledUserDevice({ billingCheckResult: 1, deviceType: 1, hasApContact: false }),
    ).toMatchObject({
      problem: 'billedUserNeedsInvoiceDevice',
    });
  });

  it('fills the brand phone into every message', () => {
    const brand = { phone: '1-866-555-0142', email: 'support@example.com' };
    for (const message of Object.values(BILLED_USER_MESSAGES)) {
      expect(fillBrand(message, brand)).toContain('1-866-555-0142');
    }
  });
});
