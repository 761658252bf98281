import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubAccount } from '@monitor/contract/sub-accounts';
import { apiRequest } from '../../../lib/api-client';

type Ids = { userId: number; userDeviceId: number };

/** GET /api/users/getAllSubAccounts: the parent's sub-accounts, each with its row on this device or null. */
export function getAllSubAccounts(
  { userId, userDeviceId }: Ids,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubAccount[]> {
  return apiRequest<SubAccount[]>('/api/users/getAllSubAccounts', {
    query: { userId, deviceId: userDeviceId },
    signal,
  });
}

export const getAllSubAccountsQueryOptions = (ids: Ids) =>
  queryOptions({
    queryKey: ['sub-accounts', ids.userId, ids.userDeviceId],
    queryFn: ({ signal }) => getAllSubAccounts(ids, { signal }),
  });

export function useAllSubAccounts(ids: Ids, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAllSubAccountsQueryOptions(ids), enabled });
}
