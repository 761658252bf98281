import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreItem } from '@monitor/contract/store';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/items/getactive (store-and-public-site §7): the items on sale, sent without a token. */
export function getActiveItems({ signal }: { signal?: AbortSignal } = {}): Promise<StoreItem[]> {
  return apiRequest<StoreItem[]>('/api/items/getactive', { withToken: false, signal });
}

export const getActiveItemsQueryOptions = () =>
  queryOptions({
    queryKey: ['store-items', 'active'],
    queryFn: ({ signal }) => getActiveItems({ signal }),
    staleTime: 5 * 60_000,
  });

export function useActiveItems() {
  return useQuery(getActiveItemsQueryOptions());
}
