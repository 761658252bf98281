import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DeviceRegistrationRequest,
  DeviceRegistrationResult,
} from '@monitor/contract/registration';
import { apiRequest } from '../../../lib/api-client';
import { userDevicesQueryKey } from '../../../entities/device/api/user-devices-key';
import { adjustDeviceCount } from '../../../entities/device/api/get-device-count';

export type RegisterDeviceInput = {
  userId: number;
  /** One per submit the user means once: a retry after a refusal is a new key (decision 037). */
  idempotencyKey: string;
  request: z.input<typeof DeviceRegistrationRequest>;
};

/**
 * POST /api/users/{userId}/devices/registration: the wizard's four steps in one call, run by the
 * server as the §4 saga (accounts-devices-billing §4, §8); a failure leaves nothing registered.
 */
export function registerDevice({
  userId,
  idempotencyKey,
  request,
}: RegisterDeviceInput): Promise<DeviceRegistrationResult> {
  return apiRequest<DeviceRegistrationResult>(`/api/users/${userId}/devices/registration`, {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** On success the header badge goes up by one per device (accounts-devices-billing §4) and the list reloads. */
export function useRegisterDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDevice,
    onSuccess: (_answer, { userId }) => {
      adjustDeviceCount(queryClient, userId, 1);
      void queryClient.invalidateQueries({ queryKey: userDevicesQueryKey(userId) });
    },
  });
}
