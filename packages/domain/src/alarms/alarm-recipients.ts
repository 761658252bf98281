import { hasHumidityAlarm, type DeviceType } from '../devices/device-types';
import type { AlarmType } from './notifications';
import { compactPuckSerial } from '../devices/pucks';

/**
 * Which of a device's alarms are on, and which of those no notification would deliver (decision
 * 022): an alarm that tells nobody looks, on the page, exactly like one that is fine. "On" is read
 * as the alarm engine reads it (decision 011), so the page and the e-mails agree.
 */

/** An alarm that is on: its notification alarm type, and its puck (null for the unit's own). */
export type WatchedAlarm = { alarmType: AlarmType; peripheralId: string | null };

type PointFacts = {
  PeripheralId: string | null;
  Enabled: boolean;
  DeviceSensor: { SensorType: string };
};

/** The facts of a user device the rule reads (a UserDevice has them all). */
export type AlarmOwnerFacts = {
  DeviceType: DeviceType;
  Mute: boolean;
  TemperatureActive: boolean;
  HumidityActive: boolean;
  LastRead: { Water: number | null; Motion: number | null } | null;
  AlarmPoints: readonly PointFacts[];
  Peripherals: readonly { Id: string; AlarmPoints: readonly PointFacts[] }[];
};

export type NotificationFacts = {
  AlarmType: string;
  PeripheralId: string | null;
  DisableAlarm: boolean;
};

/** A puck's sensors and the notification alarm type each raises (device-management §3). */
const PUCK_ALARM_TYPE: Readonly<Record<string, AlarmType>> = {
  SP_TEMP: 'SPUCK_TEMP',
  SP_HUMID: 'SPUCK_HUMIDITY',
  WATER: 'WATER',
};

/**
 * The alarms of a device that are on (decision 011): temperature and humidity with their point
 * enabled and the device's toggle on (no humidity alarm on NIST, device-management §4); power
 * unless muted (Device OFF) or its point is off; the unit's own water and motion where the unit
 * reports them, unless their point is off; each puck sensor whose point is enabled.
 */
export function findEnabledAlarms(device: AlarmOwnerFacts): WatchedAlarm[] {
  const own = (sensorType: string) =>
    device.AlarmPoints.find(
      (point) => point.PeripheralId === null && point.DeviceSensor.SensorType === sensorType,
    );
  const isOn = (sensorType: string) => own(sensorType)?.Enabled === true;
  // Power, water and motion have no point by default: only one that exists and is off silences them.
  const isNotSilenced = (sensorType: string) => own(sensorType)?.Enabled !== false;
  const unit: [AlarmType, boolean][] = [
    ['TEMP', device.TemperatureActive && isOn('TEMP')],
    ['HUMIDITY', device.HumidityActive && hasHumidityAlarm(device.DeviceType) && isOn('HUMIDITY')],
    ['POWER', !device.Mute && isNotSilenced('POWER')],
    ['WATER', (device.LastRead?.Water ?? null) !== null && isNotSilenced('WATER')],
    ['MOTION', (device.LastRead?.Motion ?? null) !== null && isNotSilenced('MOTION')],
  ];
  const pucks = device.Peripherals.flatMap((puck) =>
    puck.AlarmPoints.flatMap((point) => {
      const alarmType = PUCK_ALARM_TYPE[point.DeviceSensor.SensorType];
      return point.Enabled && alarmType ? [{ alarmType, peripheralId: puck.Id }] : [];
    }),
  );
  return [
    ...unit
      .filter(([, isOnNow]) => isOnNow)
      .map(([alarmType]) => ({ alarmType, peripheralId: null })),
    ...pucks,
  ];
}

const samePuck = (a: string | null, b: string | null) =>
  a === null || b === null
    ? a === b
    : compactPuckSerial(a).toUpperCase() === compactPuckSerial(b).toUpperCase();

/**
 * The alarms no notification would deliver: none of the same alarm type, for the same puck (or
 * the unit itself), that is not disabled (decision 011 "Notifications matched").
 */
export function findUnnotifiedAlarms(
  alarms: readonly WatchedAlarm[],
  notifications: readonly NotificationFacts[],
): WatchedAlarm[] {
  return alarms.filter(
    (alarm) =>
      !notifications.some(
        (n) =>
          !n.DisableAlarm &&
          n.AlarmType === alarm.alarmType &&
          samePuck(n.PeripheralId, alarm.peripheralId),
      ),
  );
}
