import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Commands the detail page sends: RPT asks the unit to report (device-management §4). */
export type DeviceTextCommand = 'RPT' | 'RLY' | 'UPD' | 'DOG';

export type SendTextInput = { userDeviceId: number; message: DeviceTextCommand };

/** POST /api/devices/{id}/sendtext/{message}, id being the user device Id (device-management §7). */
export function sendText({ userDeviceId, message }: SendTextInput) {
  return apiRequest<unknown>(`/api/devices/${userDeviceId}/sendtext/${message}`, {
    method: 'POST',
  });
}

export function useSendTextMutation() {
  return useMutation({ mutationFn: sendText });
}
