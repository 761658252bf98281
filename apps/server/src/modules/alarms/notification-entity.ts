import type { Notification, NotificationInput } from '@monitor/contract/notifications';
import {
  DEFAULT_ESCALATION,
  type RepeatInterval,
} from '@monitor/domain/alarms/notification-escalation';
import type { NotificationWithPuckRow } from './notifications.repository';

/** A notification row as the API answers it (device-management §3; issue #23's settings). */
export function toNotificationEntity(row: NotificationWithPuckRow): Notification {
  return {
    Id: row.id,
    DeviceId: row.user_device_id,
    PeripheralId: row.peripheral_serial,
    AlarmType: row.alarm_type,
    AlarmTypeAlias: null,
    MessageType: row.message_type,
    MessageAddress: row.message_address,
    Message: row.message,
    DisableAlarm: row.disable_alarm,
    Status: row.status,
    LogicLevel: row.logic_level,
    WaitMinutes: row.wait_minutes,
    // The column's CHECK allows only the intervals (migration 031).
    RepeatMinutes: row.repeat_minutes as RepeatInterval,
    RepeatCap: row.repeat_cap,
    TellAllClear: row.tell_all_clear,
    TellAcknowledged: row.tell_acknowledged,
  };
}

/**
 * The repeat and escalate columns a change sets (issue #23): only those the input gives, so a
 * client that predates them keeps the notification's settings.
 */
export function readEscalationChange(input: NotificationInput) {
  return {
    ...(input.WaitMinutes !== undefined && { wait_minutes: input.WaitMinutes }),
    ...(input.RepeatMinutes !== undefined && { repeat_minutes: input.RepeatMinutes }),
    ...(input.RepeatCap !== undefined && { repeat_cap: input.RepeatCap }),
    ...(input.TellAllClear !== undefined && { tell_all_clear: input.TellAllClear }),
    ...(input.TellAcknowledged !== undefined && { tell_acknowledged: input.TellAcknowledged }),
  };
}

/** The repeat and escalate columns of a new notification: the input's, else the defaults. */
export function readNewEscalation(input: NotificationInput) {
  return {
    wait_minutes: input.WaitMinutes ?? DEFAULT_ESCALATION.waitMinutes,
    repeat_minutes: input.RepeatMinutes ?? DEFAULT_ESCALATION.repeatMinutes,
    repeat_cap: input.RepeatCap ?? DEFAULT_ESCALATION.repeatCap,
    tell_all_clear: input.TellAllClear ?? DEFAULT_ESCALATION.tellsAllClear,
    tell_acknowledged: input.TellAcknowledged ?? DEFAULT_ESCALATION.tellsAcknowledged,
  };
}
