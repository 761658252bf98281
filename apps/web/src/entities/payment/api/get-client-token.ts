import type { ClientToken } from '@monitor/contract/payments';
import { apiRequest } from '../../../lib/api-client';

/**
 * The token the card fields are opened with (store-and-public-site §7 "Payment"): with the
 * caller's own customer id for their vaulted cards, without it for a new card. The call is the
 * store's `generateClientToken/`, which a guest at checkout may make too (the account pages'
 * `getClientToken/` answers the same, signed in only). A token is fetched for every form that
 * opens (it is short-lived and grants card entry), never cached.
 */
export function getClientToken(customerId?: string | null): Promise<ClientToken> {
  return apiRequest<ClientToken>('/api/paymentprocessing/generateClientToken', {
    query: { customerId: customerId ?? undefined },
  });
}
