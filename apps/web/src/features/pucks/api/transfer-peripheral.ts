import { useMutation } from '@tanstack/react-query';
import type { Peripheral } from '@monitor/contract/peripherals';
import { apiRequest } from '../../../lib/api-client';

export type TransferPeripheralInput = { oldId: string; newSerial: string; imei: string };

/** PUT /api/devices/transferSpuck with [old puck id, new serial, IMEI]: replaces a puck (device-management §4, §7). */
export function transferPeripheral({ oldId, newSerial, imei }: TransferPeripheralInput) {
  return apiRequest<Peripheral>('/api/devices/transferSpuck', {
    method: 'PUT',
    body: [oldId, newSerial, imei],
  });
}

export function useTransferPeripheralMutation() {
  return useMutation({ mutationFn: transferPeripheral });
}
