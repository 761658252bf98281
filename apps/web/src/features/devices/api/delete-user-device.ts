import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { apiRequest } from '../../../lib/api-client';
import { adjustDeviceCount } from '../../../entities/device/api/get-device-count';
import { userDevicesQueryKey } from '../../../entities/device/api/user-devices-key';

export type DeleteUserDeviceInput = { userId: number; userDeviceId: number };

/** DELETE /api/users/{userId}/devices/{userDeviceId}: removes a device from the account (device-management §7). */
export function deleteUserDevice({ userId, userDeviceId }: DeleteUserDeviceInput): Promise<void> {
  return apiRequest<void>(`/api/users/${userId}/devices/${userDeviceId}`, { method: 'DELETE' });
}

/** Removes the device from the shown list and takes one off the header badge. */
export function useDeleteUserDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserDevice,
    onSuccess: (_answer, { userId, userDeviceId }) => {
      queryClient.setQueryData<UserDevice[]>(userDevicesQueryKey(userId), (devices) =>
        devices?.filter((device) => device.Id !== userDeviceId),
      );
      adjustDeviceCount(queryClient, userId, -1);
    },
  });
}
