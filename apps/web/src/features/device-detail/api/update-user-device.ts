import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UserDevice, UserDeviceUpdate } from '@monitor/contract/user-devices';
import { apiRequest } from '../../../lib/api-client';
import { getUserDeviceQueryOptions, type UserDeviceRef } from './get-user-device';

export type UpdateUserDeviceInput = UserDeviceRef & z.input<typeof UserDeviceUpdate>;

/** PUT /api/users/{userId}/devices/{userDeviceId}: only the fields sent change (device-management §7). */
export function updateUserDevice({
  userId,
  userDeviceId,
  ...body
}: UpdateUserDeviceInput): Promise<UserDevice> {
  return apiRequest<UserDevice>(`/api/users/${userId}/devices/${userDeviceId}`, {
    method: 'PUT',
    body,
  });
}

/** Saves and puts the answer in the device's cache entry. */
export function useUpdateUserDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserDevice,
    onSuccess: (device, input) => {
      queryClient.setQueryData(getUserDeviceQueryOptions(input).queryKey, device);
    },
  });
}
