import { useMutation } from '@tanstack/react-query';
import type { Peripheral } from '@monitor/contract/peripherals';
import { apiRequest } from '../../../lib/api-client';

export type CreatePeripheralInput = {
  userDeviceId: number;
  serial: string;
  name: string;
  location: string;
};

/** POST /api/peripherals: registers a puck on the caller's device; DeviceId is the user device Id (device-management §4, §7). */
export function createPeripheral({ userDeviceId, serial, name, location }: CreatePeripheralInput) {
  return apiRequest<Peripheral>('/api/peripherals', {
    method: 'POST',
    body: { DeviceId: userDeviceId, SerialNumber: serial, Name: name, Location: location },
  });
}

export function useCreatePeripheralMutation() {
  return useMutation({ mutationFn: createPeripheral });
}
