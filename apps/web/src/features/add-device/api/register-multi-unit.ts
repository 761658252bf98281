import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  MultiUnitRegistrationRequest,
  MultiUnitRegistrationResult,
} from '@monitor/contract/registration';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { userDevicesQueryKey } from '../../../entities/device/api/user-devices-key';
import { adjustDeviceCount } from '../../../entities/device/api/get-device-count';

export type RegisterMultiUnitInput = {
  userId: number;
  /** One per submit the user means once (decision 037). */
  idempotencyKey: string;
  request: z.input<typeof MultiUnitRegistrationRequest>;
};

/**
 * POST /api/users/{userId}/devices/multiunit: further units of the first one's type and tenant,
 * one payment (accounts-devices-billing §4, §7); a unit that fails is removed and the call
 * answers the §8 multi-unit message.
 */
export function registerMultiUnit({
  userId,
  idempotencyKey,
  request,
}: RegisterMultiUnitInput): Promise<z.infer<typeof MultiUnitRegistrationResult>> {
  return apiRequest<z.infer<typeof MultiUnitRegistrationResult>>(
    `/api/users/${userId}/devices/multiunit`,
    { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** On success the header badge goes up by one per device (accounts-devices-billing §4) and the list reloads. */
export function useRegisterMultiUnitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerMultiUnit,
    onSuccess: (answer, { userId }) => {
      for (const _unit of answer.Registrations) adjustDeviceCount(queryClient, userId, 1);
      void queryClient.invalidateQueries({ queryKey: userDevicesQueryKey(userId) });
    },
    onError: (error, { userId }) => {
      // The units before a failing one stay registered (decision 037): they count too.
      const registered = registeredBeforeFailure(error);
      for (const _serial of registered) adjustDeviceCount(queryClient, userId, 1);
      if (registered.length > 0)
        void queryClient.invalidateQueries({ queryKey: userDevicesQueryKey(userId) });
    },
  });
}

/** The serials a failed multi-unit call registered before the unit that failed (its `Registered`). */
export function registeredBeforeFailure(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const registered = error.details.Registered;
  return Array.isArray(registered)
    ? registered.filter((serial): serial is string => typeof serial === 'string')
    : [];
}
