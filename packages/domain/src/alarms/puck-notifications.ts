import { DEVICE_MANAGEMENT_MESSAGES } from '../shared/device-messages';
import type { AlarmType } from './notifications';
import { puckSensors, type LogicLevel, type PuckSensor } from '../devices/pucks';

/**
 * Notification caps for a device and its pucks, and the alarm types a puck offers
 * (device-management §4, §5, §8, §9).
 */

/** The notification alarm types a puck's sensors raise (device-management §3). */
export const PUCK_ALARM_TYPES = [
  'SPUCK_TEMP',
  'SPUCK_HUMIDITY',
  'WATER',
] as const satisfies readonly AlarmType[];

export type PuckAlarmType = (typeof PUCK_ALARM_TYPES)[number];

/** The notification alarm type of each puck sensor (device-management §3). */
export const PUCK_ALARM_TYPE_BY_SENSOR: Readonly<Record<PuckSensor, PuckAlarmType>> = {
  temperature: 'SPUCK_TEMP',
  humidity: 'SPUCK_HUMIDITY',
  water: 'WATER',
};

/** The device's own notifications are capped at 9, NOCALL not counted (device-management §9). */
export const DEVICE_NOTIFICATION_CAP = 9;
/** A puck accepts new notifications only below 6 (device-management §5, §9). */
export const PUCK_NOTIFICATION_LIMIT = 6;
/** A puck takes fewer than 2 notifications of one alarm type (device-management §5). */
export const PUCK_NOTIFICATIONS_PER_TYPE = 2;

/** Puck caps by logic level: 32775 6; 32774, 32773, 32772, 32771 4; 32770, 32769 and null 2 (device-management §9). */
const PUCK_CAPS: Readonly<Record<LogicLevel, number>> = {
  32775: 6,
  32774: 4,
  32773: 4,
  32772: 4,
  32771: 4,
  32770: 2,
  32769: 2,
};
const OLDER_WATER_PUCK_CAP = 2;

/**
 * What a puck adds to the device-level allowance: 4 for 32774, 32773 and 32771, 2 for 32772
 * (device-management §9); the spec names no others, which count their puck cap.
 */
const DEVICE_ALLOWANCE_BY_LEVEL: Readonly<Partial<Record<LogicLevel, number>>> = {
  32774: 4,
  32773: 4,
  32771: 4,
  32772: 2,
};

/** The most notifications a puck may have, by logic level (device-management §9). */
export function puckNotificationCap(logicLevel: LogicLevel | null): number {
  return logicLevel === null ? OLDER_WATER_PUCK_CAP : PUCK_CAPS[logicLevel];
}

/** What one puck adds to its device's notification allowance (device-management §9). */
export function puckDeviceAllowance(logicLevel: LogicLevel | null): number {
  return (
    (logicLevel === null ? undefined : DEVICE_ALLOWANCE_BY_LEVEL[logicLevel]) ??
    puckNotificationCap(logicLevel)
  );
}

/** A device's whole notification allowance: its own 9 plus what each of its pucks adds (device-management §9). */
export function deviceNotificationAllowance(puckLevels: readonly (LogicLevel | null)[]): number {
  return puckLevels.reduce(
    (sum, level) => sum + puckDeviceAllowance(level),
    DEVICE_NOTIFICATION_CAP,
  );
}

type CountedNotification = { AlarmType: string; PeripheralId?: string | null };

/** Whether the device itself takes another notification: below 9 of its own, NOCALL not counted (device-management §9). */
export function canAddDeviceNotification(notifications: readonly CountedNotification[]): boolean {
  const counted = notifications.filter((n) => !n.PeripheralId && n.AlarmType !== 'NOCALL');
  return counted.length < DEVICE_NOTIFICATION_CAP;
}

/** The alarm types a puck's logic level supports (device-management §4, §5). */
export function puckAlarmTypes(logicLevel: LogicLevel | null): PuckAlarmType[] {
  return puckSensors(logicLevel).sensors.map((sensor) => PUCK_ALARM_TYPE_BY_SENSOR[sensor]);
}

/**
 * The alarm types a new notification on a puck may have: those its logic level supports, while
 * the puck has fewer than 6 (and fewer than its cap) and fewer than 2 of that type
 * (device-management §5, §9).
 */
export function offeredPuckAlarmTypes(
  logicLevel: LogicLevel | null,
  puckNotifications: readonly { AlarmType: string }[],
): PuckAlarmType[] {
  const limit = Math.min(PUCK_NOTIFICATION_LIMIT, puckNotificationCap(logicLevel));
  if (puckNotifications.length >= limit) return [];
  return puckAlarmTypes(logicLevel).filter(
    (type) =>
      puckNotifications.filter((n) => n.AlarmType === type).length < PUCK_NOTIFICATIONS_PER_TYPE,
  );
}

/** The message when a notification is refused for the cap, naming the device or, for a puck's notification, the puck (device-management §8). */
export function tooManyNotificationsMessage(target: {
  peripheralId: string | null | undefined;
  deviceName: string;
  peripheralName: string;
}): string {
  return target.peripheralId
    ? DEVICE_MANAGEMENT_MESSAGES.tooManyPeripheralNotifications(target.peripheralName)
    : DEVICE_MANAGEMENT_MESSAGES.tooManyDeviceNotifications(target.deviceName);
}

/** Which alarm types a puck's notification schedule shows enabled (device-management §4). */
export type PuckNotificationStatus = Readonly<Record<PuckAlarmType | 'POWER', boolean>>;

/**
 * The puck notification status: a type is enabled when the logic level supports it and, for
 * temperature and humidity, the device's toggle is on; POWER is always enabled (device-management §4).
 */
export function puckNotificationStatus(
  logicLevel: LogicLevel | null,
  toggles: { isTemperatureActive: boolean; isHumidityActive: boolean },
): PuckNotificationStatus {
  const types = puckAlarmTypes(logicLevel);
  return {
    SPUCK_TEMP: types.includes('SPUCK_TEMP') && toggles.isTemperatureActive,
    SPUCK_HUMIDITY: types.includes('SPUCK_HUMIDITY') && toggles.isHumidityActive,
    WATER: types.includes('WATER'),
    POWER: true,
  };
}
