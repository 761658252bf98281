import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { UserDevice } from '@monitor/contract/user-devices';
import {
  evaluateDeviceStatus,
  evaluatePowerStatus,
  type DeviceStatus,
  type PowerStatus,
  type RangeReading,
} from '@monitor/domain/status';

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

function rangeReading(
  point: AlarmPoint | undefined,
  value: number | null,
  isActive: boolean,
): RangeReading | null {
  if (!point || !isActive || !point.Enabled) return null;
  if (point.RangeMin === null || point.RangeMax === null) return null;
  return {
    value,
    range: { min: point.RangeMin, max: point.RangeMax },
    lastRangeChange: toDate(point.DeviceSensor.LastRangeChange),
  };
}

/** The device's status indicator from its last reading and ranges (device-management §4 "Status levels"). */
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
      water: findDeviceAlarmPoint(device, 'WATER')?.DeviceSensor.LastReadValue ?? null,
      motion: findDeviceAlarmPoint(device, 'MOTION')?.DeviceSensor.LastReadValue ?? null,
    },
    now,
  );
}

/** The power display: ON, OFF or Device OFF (device-management §4). */
export function powerStatusOf(device: UserDevice): PowerStatus | null {
  return evaluatePowerStatus({ power: device.LastRead?.Power ?? null, isMuted: device.Mute });
}

/** When the shown reading was reported, or null before any report. */
export function lastReportAt(device: UserDevice): Date | null {
  return toDate(device.LastRead?.ReportTimestamp);
}
