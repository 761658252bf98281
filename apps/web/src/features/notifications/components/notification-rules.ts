import type { Notification } from '@monitor/contract/notifications';
import { deviceAlarmTypes, type DeviceType } from '@monitor/domain/devices/device-types';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { AlarmType } from '@monitor/domain/alarms/notifications';
import {
  canAddDeviceNotification,
  offeredPuckAlarmTypes,
  puckNotificationStatus,
  tooManyNotificationsMessage,
} from '@monitor/domain/alarms/puck-notifications';
import { formatPuckSerial, isLogicLevel } from '@monitor/domain/devices/pucks';
import { isSamePuckSerial } from '../../../entities/device/lib/puck-serial';

/**
 * Glue between the schedule and the domain rules (device-management §4, §5, §8, §9): which
 * notifications a schedule shows, which alarm types it offers, and what a cap says. The rules
 * themselves live in `@monitor/domain`.
 */

export type ScheduleVariant = 'device' | 'new-device' | 'puck';

export type SchedulePuck = { id: string; logicLevel: number | null; name?: string | null };

export type ScheduleTarget = {
  variant: ScheduleVariant;
  deviceType: DeviceType;
  deviceName: string;
  puck?: SchedulePuck | null;
};

/** What each alarm type is called on screen (ours; the spec names only the codes). */
export const ALARM_TYPE_LABELS: Readonly<Record<AlarmType, string>> = {
  TEMP: 'Temperature',
  HUMIDITY: 'Humidity',
  POWER: 'Power',
  NOCALL: 'No call-in',
  WATER: 'Water',
  MOTION: 'Motion',
  RADON: 'Radon',
  SPUCK_TEMP: 'SPuck temperature',
  SPUCK_HUMIDITY: 'SPuck humidity',
};

const isPuckSchedule = (
  target: ScheduleTarget,
): target is ScheduleTarget & { puck: SchedulePuck } =>
  target.variant === 'puck' && Boolean(target.puck);

/** The notifications a schedule lists: the puck's own for the puck variant, else the device's own. */
export function scheduleNotifications(
  all: readonly Notification[],
  target: ScheduleTarget,
): Notification[] {
  return isPuckSchedule(target)
    ? all.filter((n) => isSamePuckSerial(n.PeripheralId, target.puck.id))
    : all.filter((n) => !n.PeripheralId);
}

/**
 * The alarm types a notification may take: for a puck those its logic level supports within the
 * caps (device-management §5, §9); for a device its own alarm types (no HUMIDITY on NIST, §4)
 * while below 9 of its own, and NOCALL, which the cap leaves out (§9). `editing` is left out of
 * the counts and its own type stays offered, so an edit is never blocked by itself.
 */
export function offeredAlarmTypes(
  shown: readonly Notification[],
  target: ScheduleTarget,
  editing?: Notification | null,
): AlarmType[] {
  const others = editing ? shown.filter((n) => n.Id !== editing.Id) : [...shown];
  let offered: AlarmType[];
  if (isPuckSchedule(target)) {
    const level = isLogicLevel(target.puck.logicLevel) ? target.puck.logicLevel : null;
    offered = offeredPuckAlarmTypes(level, others);
  } else {
    offered = [
      ...(canAddDeviceNotification(others) ? deviceAlarmTypes(target.deviceType) : []),
      'NOCALL',
    ];
  }
  if (editing && !offered.includes(editing.AlarmType)) offered = [editing.AlarmType, ...offered];
  return offered;
}

/**
 * Why a new notification cannot be added, or null when it can (device-management §8): a device at
 * 9 of its own names the device; a puck that takes no more says the limit is reached.
 */
export function addRefusal(shown: readonly Notification[], target: ScheduleTarget): string | null {
  if (isPuckSchedule(target)) {
    return offeredAlarmTypes(shown, target).length === 0
      ? DEVICE_MANAGEMENT_MESSAGES.notificationLimitReached
      : null;
  }
  return canAddDeviceNotification(shown)
    ? null
    : tooManyNotificationsMessage({
        peripheralId: null,
        deviceName: target.deviceName,
        peripheralName: '',
      });
}

/**
 * Whether a listed notification's alarm is on: for a puck, by its logic level and the device's
 * temperature and humidity toggles, POWER always (device-management §4); otherwise, and without
 * toggles, every alarm counts as on.
 */
export function alarmStatus(
  target: ScheduleTarget,
  toggles: { isTemperatureActive: boolean; isHumidityActive: boolean } | undefined,
): (alarmType: AlarmType) => boolean {
  if (!isPuckSchedule(target) || !toggles) return () => true;
  const level = isLogicLevel(target.puck.logicLevel) ? target.puck.logicLevel : null;
  const status = puckNotificationStatus(level, toggles);
  return (alarmType) => (alarmType in status ? status[alarmType as keyof typeof status] : true);
}

/** The puck's name for messages: its name, else its serial shown with hyphens. */
export function puckDisplayName(puck: SchedulePuck): string {
  return puck.name || formatPuckSerial(puck.id);
}
