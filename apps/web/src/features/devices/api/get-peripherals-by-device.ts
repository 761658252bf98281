import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UserPeripherals } from '@monitor/contract/peripherals';
import { apiRequest } from '../../../lib/api-client';

export type PeripheralsByDevice = z.infer<typeof UserPeripherals>;

/** GET /api/users/peripherals/{deviceId}: a device's pucks and their alarm points (device-management §7). */
export function getPeripheralsByDevice(
  userDeviceId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PeripheralsByDevice> {
  return apiRequest<PeripheralsByDevice>(`/api/users/peripherals/${userDeviceId}`, { signal });
}

export const getPeripheralsByDeviceQueryOptions = (userDeviceId: number) =>
  queryOptions({
    queryKey: ['peripherals-by-device', userDeviceId],
    queryFn: ({ signal }) => getPeripheralsByDevice(userDeviceId, { signal }),
  });

/** Loaded only once the peripherals panel opens (device-management §2 "Dashboard card"). */
export function usePeripheralsByDevice(userDeviceId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getPeripheralsByDeviceQueryOptions(userDeviceId), enabled });
}
