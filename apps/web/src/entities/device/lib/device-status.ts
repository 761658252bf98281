import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { UserDevice } from '@monitor/contract/user-devices';
import {
  evaluateDeviceStatus,
  type DeviceStatus,
  type RangeReading,
} from '@monitor/domain/alarms/status';
import { findDeviceAlarmPoint, toRangeReading } from './device-facts';

/**
 * A device's status indicator as both device pages show it (the card and the detail page used to
 * each compute their own, and the detail page counted neither water nor motion).
 */

/** Signal is shown out of 6: the modem's best quality, 31, divided by 5 (device-management §9). */
export const SIGNAL_SCALE = 6;

/** A reading against its alarm point, or null when the alarm is off or has no range. */
function rangeReading(
  point: AlarmPoint | undefined,
  value: number | null,
  isActive: boolean,
): RangeReading | null {
  if (!point || !isActive || !point.Enabled) return null;
  return toRangeReading(value, point);
}

/**
 * The device's status from its last reading, ranges and toggles: the unit's own water and motion
 * readings count, 1 is red (device-management §4 "Status levels").
 */
export function deviceStatusOf(device: UserDevice, now: Date): DeviceStatus {
  const lastRead = device.LastRead;
  return evaluateDeviceStatus(
    {
      deviceType: device.DeviceType,
      isMuted: device.Mute,
      power: lastRead?.Power ?? null,
      temperature: rangeReading(
        findDeviceAlarmPoint(device, 'TEMP'),
        lastRead?.Temperature ?? null,
        device.TemperatureActive,
      ),
      humidity: rangeReading(
        findDeviceAlarmPoint(device, 'HUMIDITY'),
        lastRead?.Humidity ?? null,
        device.HumidityActive,
      ),
      water: lastRead?.Water ?? null,
      motion: lastRead?.Motion ?? null,
    },
    now,
  );
}

/** One of the unit's own on/off sensors: water or motion, 1 meaning detected. */
export type SwitchReading = { sensor: 'Water' | 'Motion'; isDetected: boolean };

/**
 * The unit's own water and motion readings, only where the unit reports them (a unit without the
 * sensor sends none); 1 is detected, and red (device-management §4).
 */
export function switchReadingsOf(device: UserDevice): SwitchReading[] {
  const read = device.LastRead;
  const readings: [SwitchReading['sensor'], number | null | undefined][] = [
    ['Water', read?.Water],
    ['Motion', read?.Motion],
  ];
  return readings.flatMap(([sensor, value]) =>
    value === null || value === undefined ? [] : [{ sensor, isDetected: value === 1 }],
  );
}
