import { useState } from 'react';
import { applyAddressVerification } from '@monitor/domain/accounts/addresses';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { checkAddressValidity } from '../api/check-address-validity';
import { checkShippingAddressValidity } from '../api/check-shipping-address-validity';
import { toAddressCheckPayload, type BillingAddressValues } from '../lib/billing-address';

/** Which address is checked: billing (the default) or shipping, each with its call and §8 alert. */
export type VerifiedAddressKind = 'billing' | 'shipping';

export type AddressVerificationAnswer =
  { isVerified: true; values: BillingAddressValues } | { isVerified: false; message: string };

/**
 * Verifies a billing address before tax and payment (accounts-devices-billing §5): codes 31, 32,
 * 21, 22, 0 accept it and the cleansed address replaces the input; 23, 11, 12, 13 reject it with
 * the billing variant of the alert; a failed check reads 'An error occurred validating your
 * address. Please try again.' (§8); an empty ZIP 'Error loading billing address.' (§5).
 */
export async function verifyBillingAddress(
  values: BillingAddressValues,
  kind: VerifiedAddressKind = 'billing',
  /** The failed check's alert: the account's wording by default, the store passes its own (§8). */
  failedMessage: string = ACCOUNT_ALERT_MESSAGES.validateYourAddressFailed,
): Promise<AddressVerificationAnswer> {
  if (!values.zip.trim()) {
    return { isVerified: false, message: ACCOUNT_ALERT_MESSAGES.loadBillingAddressFailed };
  }
  let result;
  try {
    const check = kind === 'shipping' ? checkShippingAddressValidity : checkAddressValidity;
    result = await check(toAddressCheckPayload(values));
  } catch (error) {
    return {
      isVerified: false,
      message: errorMessageFor(error, failedMessage),
    };
  }
  const outcome = applyAddressVerification({
    entered: {
      address1: values.address1.trim(),
      address2: values.address2.trim(),
      city: values.city.trim(),
      state: values.state,
      zip: values.zip.trim(),
    },
    result: {
      returnCode: result.ReturnCode,
      address1: result.Address1,
      address2: result.Address2,
      city: result.City,
      state: result.State,
      zip: result.Zip,
      postalCode: result.PostalCode,
      cleansingResult: result.AddressCleansingResult,
    },
    variant: kind,
  });
  if (!outcome.isAccepted) return { isVerified: false, message: outcome.message };
  return { isVerified: true, values: { ...values, ...outcome.address } };
}

/**
 * `verify(values)` checks the address, keeps the alert in `error` and answers the cleansed values
 * (or null); the caller puts them in its form. `isVerifying` while the check runs. `kind`
 * 'shipping' checks a shipping address (its own call and 'Shipping Address Verification Error').
 */
export function useAddressVerification(kind: VerifiedAddressKind = 'billing') {
  const [error, setError] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);

  async function verify(values: BillingAddressValues): Promise<BillingAddressValues | null> {
    setIsVerifying(true);
    setError(null);
    try {
      const answer = await verifyBillingAddress(values, kind);
      if (answer.isVerified) return answer.values;
      setError(answer.message);
      return null;
    } finally {
      setIsVerifying(false);
    }
  }

  return { verify, error, isVerifying, clearError: () => setError(null) };
}
