import type { AddressFields, AddressVerificationResult } from '@monitor/contract/sales';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sales/checkShippingAddressValidity/?userInfo=<JSON> (store-and-public-site §7), sent
 * without a token: the same check as the billing one, for the address the order ships to.
 */
export function checkShippingAddressValidity(
  address: AddressFields,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AddressVerificationResult> {
  return apiRequest<AddressVerificationResult>('/api/sales/checkShippingAddressValidity', {
    query: { userInfo: JSON.stringify(address) },
    withToken: false,
    signal,
  });
}
