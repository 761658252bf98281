import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceDebugList } from '@monitor/contract/device-debug';
import { apiRequest } from '../../../lib/api-client';

type Params = { userId: number; search: string };

/** GET /api/users/getDeviceDebugList (device-management §7): every unit, narrowed by `search`. */
export function getDeviceDebugList(
  { userId, search }: Params,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DeviceDebugList> {
  return apiRequest<DeviceDebugList>('/api/users/getDeviceDebugList', {
    query: search ? { userId, search } : { userId },
    signal,
  });
}

export const getDeviceDebugListQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: ['device-debug-list', params.userId, params.search],
    queryFn: ({ signal }) => getDeviceDebugList(params, { signal }),
    // The last answer stays on screen while a new search loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useDeviceDebugList(params: Params) {
  return useQuery(getDeviceDebugListQueryOptions(params));
}
