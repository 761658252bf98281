import { applyAddressVerification } from '@monitor/domain/accounts/addresses';
import { STORE_ADDRESS_MESSAGES } from '@monitor/domain/shared/store-messages';
import { errorMessageFor } from '../../../lib/api-client';
import type { AddressVerificationAnswer } from '../../../entities/billing/hooks/use-address-verification';
import {
  toAddressCheckPayload,
  toPostalAddress,
  type BillingAddressValues,
} from '../../../entities/billing/lib/billing-address';
import { checkShippingAddressValidity } from '../api/check-shipping-address-validity';

/**
 * Verifies the shipping address as the billing one is (store-and-public-site §5, §8): accepted
 * codes replace the input with the cleansed address; rejected ones give 'Shipping Address
 * Verification Error : {details} …'; a failed check 'An error occurred validating your address,
 * please try again.'.
 */
export async function verifyShippingAddress(
  values: BillingAddressValues,
): Promise<AddressVerificationAnswer> {
  let result;
  try {
    result = await checkShippingAddressValidity(toAddressCheckPayload(values));
  } catch (error) {
    return {
      isVerified: false,
      message: errorMessageFor(error, STORE_ADDRESS_MESSAGES.validateYourAddressFailed),
    };
  }
  const outcome = applyAddressVerification({
    entered: toPostalAddress(values),
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
    variant: 'shipping',
  });
  if (!outcome.isAccepted) return { isVerified: false, message: outcome.message };
  return { isVerified: true, values: { ...values, ...outcome.address } };
}
