import { useMutation } from '@tanstack/react-query';
import type { Peripheral } from '@monitor/contract/peripherals';
import { apiRequest } from '../../../lib/api-client';

export type UpdatePeripheralInput = { id: string; name: string; location: string };

/** PUT /api/peripherals/{Id}: a puck's Name and Location, unique on the device (device-management §5, §7). */
export function updatePeripheral({ id, name, location }: UpdatePeripheralInput) {
  return apiRequest<Peripheral>(`/api/peripherals/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { Name: name, Location: location },
  });
}

export function useUpdatePeripheralMutation() {
  return useMutation({ mutationFn: updatePeripheral });
}
