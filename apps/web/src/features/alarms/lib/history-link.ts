import type { AlarmEvent } from '@monitor/contract/alarms';
import { compactPuckSerial } from '@monitor/domain/devices/pucks';

/**
 * The history page at an event's moment: the unit's history, or the puck's for a puck's event,
 * with `at` (ISO time) opening the day of the first reading out of range.
 */
export function historyPathAt(
  event: Pick<AlarmEvent, 'UserDeviceId' | 'PeripheralId' | 'StartedAt'>,
): string {
  const at = `at=${encodeURIComponent(event.StartedAt)}`;
  return event.PeripheralId === null
    ? `/devices/${event.UserDeviceId}/history?${at}`
    : `/devices/${event.UserDeviceId}/spuckhistory?spuckid=${encodeURIComponent(compactPuckSerial(event.PeripheralId))}&${at}`;
}
