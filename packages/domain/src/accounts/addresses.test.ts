import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_ADDRESS_RETURN_CODES,
  applyAddressVerification,
  formatAddressVerificationError,
  REJECTED_ADDRESS_RETURN_CODES,
  UNRECOGNIZED_ADDRESS_CODE_MESSAGE,
  type AddressVerificationResult,
  type PostalAddress,
} from './addresses';

const entered: PostalAddress = {
  address1: '1 main st',
  address2: 'apt 2',
  city: 'rochester',
  state: 'NY',
  zip: '14624',
};

const cleansedResult = (returnCode: number | string): AddressVerificationResult => ({
  returnCode,
  address1: '1 MAIN ST',
  address2: 'APT 2',
  city: 'ROCHESTER',
  state: 'NY',
  zip: '14624-1234',
  cleansingResult: 'Exact match',
});

describe('applyAddressVerification', () => {
  it('lists the accepted and rejected codes of the spec (accounts-devices-billing §5)', () => {
    expect(ACCEPTED_ADDRESS_RETURN_CODES).toEqual([31, 32, 21, 22, 0]);
    expect(REJECTED_ADDRESS_RETURN_CODES).toEqual([23, 11, 12, 13]);
  });

  it.each([31, 32, 21, 22, 0])(
    'accepts code %i and replaces the input with the cleansed address',
    (code) => {
      expect(
        applyAddressVerification({ entered, result: cleansedResult(code), variant: 'billing' }),
      ).toEqual({
        isAccepted: true,
        address: {
          address1: '1 MAIN ST',
          address2: 'APT 2',
          city: 'ROCHESTER',
          state: 'NY',
          zip: '14624-1234',
        },
      });
    },
  );

  it('accepts a code sent as text', () => {
    expect(
      applyAddressVerification({ entered, result: cleansedResult('31'), variant: 'plain' })
        .isAccepted,
    ).toBe(true);
  });

  it.each([23, 11, 12, 13])('rejects code %i with the detail in the message', (code) => {
    const result = { returnCode: code, cleansingResult: 'Street number not found.' };
    expect(applyAddressVerification({ entered, result, variant: 'plain' })).toEqual({
      isAccepted: false,
      reason: 'rejected',
      message: 'Address Verification Error : Street number not found. Please try again.',
    });
  });

  it('words the rejection by form: plain, billing and shipping (accounts-devices-billing §5, store-and-public-site §8)', () => {
    const result = { returnCode: 11, cleansingResult: 'Invalid city.' };
    const message = (variant: 'plain' | 'billing' | 'shipping') => {
      const outcome = applyAddressVerification({ entered, result, variant });
      return outcome.isAccepted ? null : outcome.message;
    };
    expect(message('plain')).toBe('Address Verification Error : Invalid city. Please try again.');
    expect(message('billing')).toBe(
      'Billing Address Verification Error : Invalid city. Please re-enter your address and try again.',
    );
    expect(message('shipping')).toBe(
      'Shipping Address Verification Error : Invalid city. Please re-enter your address and try again.',
    );
  });

  it('keeps typed values for fields the check left blank, but takes an emptied Address2', () => {
    const result: AddressVerificationResult = {
      returnCode: 31,
      address1: '1 MAIN ST APT 2',
      address2: '',
      city: null,
      state: '  ',
      postalCode: '14624-1234',
    };
    expect(applyAddressVerification({ entered, result, variant: 'billing' })).toEqual({
      isAccepted: true,
      address: {
        address1: '1 MAIN ST APT 2',
        address2: '',
        city: 'rochester',
        state: 'NY',
        zip: '14624-1234',
      },
    });
  });

  it('reads the ZIP from PostalCode when Zip is empty', () => {
    const result: AddressVerificationResult = { returnCode: 0, zip: '', postalCode: '14624' };
    const outcome = applyAddressVerification({
      entered: { ...entered, zip: '1462' },
      result,
      variant: 'plain',
    });
    expect(outcome).toMatchObject({ isAccepted: true, address: { zip: '14624' } });
  });

  it('treats a code in neither list, or no code, as a failed check', () => {
    for (const returnCode of [14, 1, -1, '', 'abc']) {
      expect(
        applyAddressVerification({ entered, result: { returnCode }, variant: 'billing' }),
      ).toEqual({
        isAccepted: false,
        reason: 'unrecognizedCode',
        message: UNRECOGNIZED_ADDRESS_CODE_MESSAGE,
      });
    }
  });
});

describe('formatAddressVerificationError', () => {
  it('fills the detail word for word and leaves no double space when there is none', () => {
    expect(formatAddressVerificationError('plain', '  Zip code mismatch.  ')).toBe(
      'Address Verification Error : Zip code mismatch. Please try again.',
    );
    expect(formatAddressVerificationError('plain', null)).toBe(
      'Address Verification Error : Please try again.',
    );
  });
});
