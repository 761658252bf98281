import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { UserDevice } from '@monitor/contract/user-devices';
import { evaluatePowerStatus, type PowerStatus } from '@monitor/domain/status';

type DeviceSensorType = 'TEMP' | 'HUMIDITY' | 'WATER' | 'MOTION';

/** The unit's own alarm point of a sensor type (not a puck's). */
export function findDeviceAlarmPoint(
  device: Pick<UserDevice, 'AlarmPoints'>,
  sensorType: DeviceSensorType,
): AlarmPoint | undefined {
  return device.AlarmPoints.find(
    (point) => point.PeripheralId === null && point.DeviceSensor.SensorType === sensorType,
  );
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
