import type { DeviceBySerial } from '@monitor/contract/user-devices';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/validation/serialnumber?serial: the unit behind a 6-character serial, checked for
 * registration (accounts-devices-billing §5, §7): 404 it does not exist, 409 it is already
 * registered; a free unit answers its type, tenant and firmware.
 */
export function validateSerial(
  serial: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DeviceBySerial> {
  return apiRequest<DeviceBySerial>('/api/validation/serialnumber', {
    query: { serial },
    signal,
  });
}
