import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubAccountDetails } from '@monitor/contract/sub-accounts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/fetchSubAccountDetails?id: one sub-account with the devices it was given. */
export function fetchSubAccountDetails(
  subUserId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubAccountDetails> {
  return apiRequest<SubAccountDetails>('/api/users/fetchSubAccountDetails', {
    query: { id: subUserId },
    signal,
  });
}

export const fetchSubAccountDetailsQueryOptions = (subUserId: number) =>
  queryOptions({
    queryKey: ['sub-account', subUserId],
    queryFn: ({ signal }) => fetchSubAccountDetails(subUserId, { signal }),
  });

export function useSubAccountDetails(subUserId: number | null) {
  return useQuery({
    ...fetchSubAccountDetailsQueryOptions(subUserId ?? 0),
    enabled: subUserId !== null,
  });
}
