import type { AddressFields, AddressVerificationResult } from '@monitor/contract/sales';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sales/checkShippingAddressValidity/?userInfo=<JSON> (store-and-public-site §7), sent
 * without a token. A refused address is an answer (its ReturnCode); only a failed check throws.
 */
export function checkShippingAddressValidity(
  address: AddressFields,
): Promise<AddressVerificationResult> {
  return apiRequest<AddressVerificationResult>('/api/sales/checkShippingAddressValidity', {
    query: { userInfo: JSON.stringify(address) },
    withToken: false,
  });
}
