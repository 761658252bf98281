import type { AddressFields, AddressVerificationResult } from '@monitor/contract/sales';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sales/checkAddressValidity/?userInfo=<JSON> (accounts-devices-billing §7 "Sales"), sent
 * without a token. A refused address is an answer (its ReturnCode); only a failed check throws.
 */
export function checkAddressValidity(
  address: AddressFields,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AddressVerificationResult> {
  return apiRequest<AddressVerificationResult>('/api/sales/checkAddressValidity', {
    query: { userInfo: JSON.stringify(address) },
    withToken: false,
    signal,
  });
}
