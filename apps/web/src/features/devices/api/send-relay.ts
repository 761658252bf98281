import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The relay command (device-management §4 "Relay trigger"). */
export const RELAY_COMMAND = 'RLY';

/**
 * POST /api/devices/{userDeviceId}/sendtext/RLY; the server answers the message to show,
 * 'Relay has been triggered for this device.' (device-management §4).
 */
export async function sendRelay(userDeviceId: number): Promise<string> {
  const answer = await apiRequest<{ message?: string }>(
    `/api/devices/${userDeviceId}/sendtext/${RELAY_COMMAND}`,
    { method: 'POST' },
  );
  return answer?.message ?? '';
}

export function useSendRelayMutation() {
  return useMutation({ mutationFn: sendRelay });
}
