import { useMutation } from '@tanstack/react-query';
import type { DeviceCommandName } from '@monitor/contract/device-protocol';
import { apiRequest } from '../../../lib/api-client';

export type SendDeviceTextAnswer = { message: string } | { ok: true };

/** POST /api/devices/{userDeviceId}/sendtext/{message}: queue RPT, RLY, UPD or DOG (device-management §7). */
export function sendDeviceText({
  userDeviceId,
  command,
  signal,
}: {
  userDeviceId: number;
  command: DeviceCommandName;
  signal?: AbortSignal;
}): Promise<SendDeviceTextAnswer> {
  return apiRequest<SendDeviceTextAnswer>(`/api/devices/${userDeviceId}/sendtext/${command}`, {
    method: 'POST',
    signal,
  });
}

export function useSendDeviceTextMutation() {
  return useMutation({ mutationFn: sendDeviceText });
}
