import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { refreshThresholdMs } from '@monitor/domain/devices/live-channel';
import { apiRequest } from '../../../lib/api-client';
import { deviceFromList } from '../../../entities/device/api/user-devices-key';

export type UserDeviceRef = { userId: number; userDeviceId: number };

/** GET /api/users/{userId}/devices/{userDeviceId}: the device with its alarm points and pucks (device-management §7). */
export function getUserDevice(
  { userId, userDeviceId }: UserDeviceRef,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserDevice> {
  return apiRequest<UserDevice>(`/api/users/${userId}/devices/${userDeviceId}`, { signal });
}

export const getUserDeviceQueryOptions = (ref: UserDeviceRef) =>
  queryOptions({
    queryKey: ['users', ref.userId, 'devices', ref.userDeviceId],
    queryFn: ({ signal }) => getUserDevice(ref, { signal }),
    // Readings refresh at the device's report threshold: basic 15 minutes, PRO 5 (device-management §4).
    refetchInterval: (query) =>
      query.state.data ? refreshThresholdMs(query.state.data.DeviceType) : false,
  });

/** The device, shown at once from the device list's record when the list has it. */
export function useUserDevice(ref: UserDeviceRef) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getUserDeviceQueryOptions(ref),
    ...deviceFromList(queryClient, ref.userId, ref.userDeviceId),
  });
}
