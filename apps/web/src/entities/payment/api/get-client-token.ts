import type { ClientToken } from '@monitor/contract/payments';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/paymentprocessing/getClientToken/: the token the card fields are opened with — with
 * the caller's own customer id for their vaulted cards, without it for a new card. A token is
 * fetched for every form that opens (it is short-lived and grants card entry), never cached.
 */
export function getClientToken(customerId?: string | null): Promise<ClientToken> {
  return apiRequest<ClientToken>('/api/paymentprocessing/getClientToken', {
    query: { customerId: customerId ?? undefined },
  });
}
