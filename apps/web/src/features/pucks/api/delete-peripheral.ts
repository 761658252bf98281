import { useMutation } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { apiRequest } from '../../../lib/api-client';

/** The cookie the spec sets for 5 minutes when a puck is removed (device-management §3, §9). */
export const PERIPHERAL_REMOVED_COOKIE = 'peripheralRemoved';
const FIVE_MINUTES_IN_DAYS = 5 / (24 * 60);

export type DeletePeripheralInput = { userDeviceId: number; id: string };

/** DELETE /api/devices/{DeviceId}/peripherals/{Id}, DeviceId being the user device Id (device-management §7). */
export async function deletePeripheral({ userDeviceId, id }: DeletePeripheralInput) {
  await apiRequest<unknown>(`/api/devices/${userDeviceId}/peripherals/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  // The spec names the cookie and its life, not what reads it; it holds the removed puck's id.
  Cookies.set(PERIPHERAL_REMOVED_COOKIE, id, {
    expires: FIVE_MINUTES_IN_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

export function useDeletePeripheralMutation() {
  return useMutation({ mutationFn: deletePeripheral });
}
