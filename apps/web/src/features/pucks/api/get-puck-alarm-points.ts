import type { AlarmPoint } from '@monitor/contract/alarm-points';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/alarmpoints?device_id&peripheral_id: a puck's alarm points (device-management §4 step 3, §7). */
export function getPuckAlarmPoints({
  userDeviceId,
  peripheralId,
}: {
  userDeviceId: number;
  peripheralId: string;
}): Promise<AlarmPoint[]> {
  return apiRequest<AlarmPoint[]>('/api/alarmpoints', {
    query: { device_id: userDeviceId, peripheral_id: peripheralId },
  });
}
