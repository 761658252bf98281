import { STORE_ADDRESS_MESSAGES } from '../shared/store-messages';
/** A postal address as the billing and shipping forms hold it. */
export type PostalAddress = {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
};

/**
 * What the address check answers (accounts-devices-billing §3 "Address verification result").
 * The ZIP comes as Zip or PostalCode; `cleansingResult` (AddressCleansingResult) is the detail
 * shown when the address is rejected.
 */
export type AddressVerificationResult = {
  returnCode: number | string;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  postalCode?: string | null;
  cleansingResult?: string | null;
};

/** Codes whose cleansed address replaces the entered one (accounts-devices-billing §5). */
export const ACCEPTED_ADDRESS_RETURN_CODES: readonly number[] = [31, 32, 21, 22, 0];

/** Codes that reject the address and show the verification detail (accounts-devices-billing §5). */
export const REJECTED_ADDRESS_RETURN_CODES: readonly number[] = [23, 11, 12, 13];

/** Which form the address came from; it picks the wording of the rejection. */
export type AddressVerificationVariant = 'plain' | 'billing' | 'shipping';

/**
 * The rejection alerts. Plain and billing are quoted by accounts-devices-billing §5 and
 * store-and-public-site §8; the spec gives only the shipping title, so its ending follows billing.
 */
export function formatAddressVerificationError(
  variant: AddressVerificationVariant,
  details: string | null | undefined,
): string {
  const detail = details?.trim() ? ` ${details.trim()}` : '';
  switch (variant) {
    case 'plain':
      return `Address Verification Error :${detail} Please try again.`;
    case 'billing':
      return `Billing Address Verification Error :${detail} Please re-enter your address and try again.`;
    case 'shipping':
      return `Shipping Address Verification Error :${detail} Please re-enter your address and try again.`;
  }
}

/** Shown for a return code that is in neither list (wording from the catalogue, store-and-public-site §8). */
export const UNRECOGNIZED_ADDRESS_CODE_MESSAGE = STORE_ADDRESS_MESSAGES.validateAddressFailed;

export type AddressVerificationOutcome =
  | { isAccepted: true; address: PostalAddress }
  | { isAccepted: false; reason: 'rejected' | 'unrecognizedCode'; message: string };

function cleansed(value: string | null | undefined, entered: string): string {
  return value?.trim() ? value.trim() : entered;
}

/**
 * Applies an address check to the entered address (accounts-devices-billing §5). An accepted code
 * replaces the input with the cleansed address; a field the check left blank keeps what was typed,
 * except Address2, which a cleanser may fold into Address1 and so may come back empty. A rejected
 * code gives the variant's alert with the detail; any other code is treated as a failed check.
 */
export function applyAddressVerification(input: {
  entered: PostalAddress;
  result: AddressVerificationResult;
  variant: AddressVerificationVariant;
}): AddressVerificationOutcome {
  const { entered, result, variant } = input;
  const code = Number(result.returnCode);
  if (ACCEPTED_ADDRESS_RETURN_CODES.includes(code) && String(result.returnCode).trim() !== '') {
    return {
      isAccepted: true,
      address: {
        address1: cleansed(result.address1, entered.address1),
        address2:
          result.address2 === null || result.address2 === undefined
            ? entered.address2
            : result.address2.trim(),
        city: cleansed(result.city, entered.city),
        state: cleansed(result.state, entered.state),
        zip: cleansed(result.zip?.trim() ? result.zip : result.postalCode, entered.zip),
      },
    };
  }
  if (REJECTED_ADDRESS_RETURN_CODES.includes(code)) {
    return {
      isAccepted: false,
      reason: 'rejected',
      message: formatAddressVerificationError(variant, result.cleansingResult),
    };
  }
  return {
    isAccepted: false,
    reason: 'unrecognizedCode',
    message: UNRECOGNIZED_ADDRESS_CODE_MESSAGE,
  };
}
