import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/billingaddresses?user_id=N&default=true: the default address, or null when there is none yet. */
export async function getDefaultBillingAddress(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BillingAddress | null> {
  const addresses = await apiRequest<BillingAddress[]>('/api/billingaddresses', {
    query: { user_id: userId, default: true },
    signal,
  });
  return addresses[0] ?? null;
}

export const getDefaultBillingAddressQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['billing-addresses', userId, 'default'],
    queryFn: ({ signal }) => getDefaultBillingAddress(userId, { signal }),
  });

export function useDefaultBillingAddress(userId: number) {
  return useQuery(getDefaultBillingAddressQueryOptions(userId));
}
