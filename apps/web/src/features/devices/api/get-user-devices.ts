import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { apiRequest } from '../../../lib/api-client';
import { pollIntervalFor } from '../../../entities/device/lib/live-eligibility';
import { userDevicesQueryKey } from '../../../entities/device/api/user-devices-key';

/** GET /api/users/{userId}/devices: the caller's devices with their last reading, alarm points and pucks (device-management §7). */
export function getUserDevices(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserDevice[]> {
  return apiRequest<UserDevice[]>(`/api/users/${userId}/devices`, { signal });
}

export const getUserDevicesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userDevicesQueryKey(userId),
    queryFn: ({ signal }) => getUserDevices(userId, { signal }),
  });

/** The device list, polled at the refresh threshold where the live channel is not used (device-management §4). */
export function useUserDevices(userId: number) {
  return useQuery({
    ...getUserDevicesQueryOptions(userId),
    refetchInterval: (query) => pollIntervalFor(query.state.data),
  });
}
