import type { AddressFields, AddressVerificationResult } from '@monitor/contract/sales';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import type { AddressVerification } from '../../adapters/address/address-verifier';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';

function toResult(verified: AddressVerification): AddressVerificationResult {
  return {
    Address1: verified.address1,
    Address2: verified.address2,
    City: verified.city,
    State: verified.state,
    Zip: verified.zip,
    PostalCode: verified.zip,
    ReturnCode: verified.returnCode,
    AddressCleansingResult: verified.cleansingResult,
  };
}

/**
 * Verifies a billing or shipping address (accounts-devices-billing §3 "Address verification
 * result", §5; store-and-public-site §7, §8 "Address"). A refused address is an answer (its
 * ReturnCode says so); only a verifier that could not answer is an error: 502 with the spec's
 * 'An error occurred while validating address. Please try again.'
 */
export async function checkAddress(
  ctx: AppContext,
  fields: AddressFields,
): Promise<AddressVerificationResult> {
  try {
    return toResult(
      await ctx.addresses.verify({
        address1: fields.Address1,
        address2: fields.Address2 ?? '',
        city: fields.City,
        state: fields.State,
        zip: fields.Zip,
      }),
    );
  } catch {
    // The verifier logged why (create-address-verifier.ts).
    throw new AppError(502, ACCOUNT_ALERT_MESSAGES.validateAddressFailed);
  }
}
