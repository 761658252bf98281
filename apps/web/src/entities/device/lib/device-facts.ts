import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { UserDevice } from '@monitor/contract/user-devices';
import type { SensorType } from '@monitor/domain/alarms/alarm-points';
import {
  evaluatePowerStatus,
  type AlarmRange,
  type PowerStatus,
  type RangeReading,
  type ReadingState,
  type StatusLevel,
} from '@monitor/domain/alarms/status';

/** What the device pages read off a device and its alarm points, once for every feature. */

/** The alarm point of one sensor: the device's own (peripheralId null) or a puck's. */
export function findAlarmPoint(
  points: readonly AlarmPoint[],
  sensorType: SensorType,
  peripheralId: string | null = null,
): AlarmPoint | null {
  return (
    points.find(
      (point) =>
        point.DeviceSensor.SensorType === sensorType && point.PeripheralId === peripheralId,
    ) ?? null
  );
}

/** The stored range of an alarm point, or null when either end is missing. */
export function rangeOf(point: AlarmPoint | null): AlarmRange | null {
  if (!point || point.RangeMin === null || point.RangeMax === null) return null;
  return { min: point.RangeMin, max: point.RangeMax };
}

/** The unit's own alarm point of a sensor type (not a puck's). */
export function findDeviceAlarmPoint(
  device: Pick<UserDevice, 'AlarmPoints'>,
  sensorType: SensorType,
): AlarmPoint | undefined {
  return findAlarmPoint(device.AlarmPoints, sensorType) ?? undefined;
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The power display: ON, OFF or Device OFF (device-management §4). */
export function powerStatusOf(device: UserDevice): PowerStatus | null {
  return evaluatePowerStatus({ power: device.LastRead?.Power ?? null, isMuted: device.Mute });
}

/** When the shown reading was reported, or null before any report. */
export function lastReportAt(device: UserDevice): Date | null {
  return toDate(device.LastRead?.ReportTimestamp);
}

/** A reading checked against its alarm point, or null when the point or its range is missing. */
export function toRangeReading(
  value: number | null,
  point: AlarmPoint | null,
): RangeReading | null {
  const range = rangeOf(point);
  if (!point || !range) return null;
  return { value, range, lastRangeChange: toDate(point.DeviceSensor.LastRangeChange) };
}

/** Words for a level, so colour is never the only sign (device-management §4). */
export const LEVEL_LABEL: Readonly<Record<StatusLevel, string>> = {
  0: 'OK',
  1: 'Warning',
  2: 'Alarm',
};

/** Words for one reading's state. */
export const READING_STATE_LABEL: Readonly<Record<ReadingState, string>> = {
  ok: 'In range',
  warning: 'Near a limit',
  alarm: 'Out of range',
  syncing: 'Syncing',
  unavailable: 'No reading',
};

/** Mantine colours of the three levels: green, yellow, red (device-management §4). */
export const LEVEL_COLOUR: Readonly<Record<StatusLevel, string>> = {
  0: 'green',
  1: 'yellow',
  2: 'red',
};
