import type { QueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';

/** The device list's query (GET /api/users/{userId}/devices), which several features update. */
export const userDevicesQueryKey = (userId: number) => ['user-devices', userId] as const;

/**
 * A device as the device list last held it, with when that was: the same record the device's own
 * call answers (device-management §7), so a device's pages start from it instead of a skeleton,
 * and offline it is what there is to show (issue #27).
 */
export function deviceFromList(queryClient: QueryClient, userId: number, userDeviceId: number) {
  const key = userDevicesQueryKey(userId);
  return {
    initialData: () =>
      queryClient.getQueryData<UserDevice[]>(key)?.find((device) => device.Id === userDeviceId),
    initialDataUpdatedAt: () => queryClient.getQueryState(key)?.dataUpdatedAt,
  };
}
