import type { Device } from '@monitor/contract/user-devices';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/devices/{id} by IMEI: DeviceType, Memo and FirmwareVersion decide the add-puck flow (device-management §4, §7). */
export function getDevice(imei: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<Device>(`/api/devices/${encodeURIComponent(imei)}`, { signal });
}
