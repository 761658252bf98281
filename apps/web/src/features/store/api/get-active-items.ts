import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreItem } from '@monitor/contract/store';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/items/getactive (store-and-public-site §7), sent without a token: the items on sale. */
export function getActiveItems({ signal }: { signal?: AbortSignal } = {}): Promise<StoreItem[]> {
  return apiRequest<StoreItem[]>('/api/items/getactive', { withToken: false, signal });
}

export const activeItemsQueryOptions = () =>
  queryOptions({
    queryKey: ['store-items', 'active'],
    queryFn: ({ signal }) => getActiveItems({ signal }),
    staleTime: 5 * 60_000,
  });

/** The items on sale; `enabled` false where the brand sells nothing here. */
export function useActiveItems({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...activeItemsQueryOptions(), enabled });
}
