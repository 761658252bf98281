import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceDebugDetails } from '@monitor/contract/device-debug';
import { apiRequest } from '../../../lib/api-client';

type Params = { userId: number; imei: string };

/** GET /api/users/getDeviceDebugDetails: one unit's facts, latest reports and alarm deliveries. */
export function getDeviceDebugDetails(
  { userId, imei }: Params,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DeviceDebugDetails> {
  return apiRequest<DeviceDebugDetails>('/api/users/getDeviceDebugDetails', {
    query: { userId, imei },
    signal,
  });
}

export const getDeviceDebugDetailsQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: ['device-debug-details', params.userId, params.imei],
    queryFn: ({ signal }) => getDeviceDebugDetails(params, { signal }),
  });

export function useDeviceDebugDetails(params: Params) {
  return useQuery(getDeviceDebugDetailsQueryOptions(params));
}
