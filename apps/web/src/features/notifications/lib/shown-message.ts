import type { Notification } from '@monitor/contract/notifications';
import {
  DEFAULT_NOTIFICATION_MESSAGES,
  fillNoCallMessage,
} from '@monitor/domain/alarms/notifications';

/**
 * What stands in the schedule for the NOCALL placeholders known only when the message is sent:
 * the server fills them with the real time and readings (telemetry/alarm-messages.ts).
 */
export const NOCALL_PREVIEW_FACTS = {
  lastMessageTime: 'its last call-in time',
  lastReadings: 'as last reported',
} as const;

/**
 * A notification's message as the schedule shows it. A NOCALL message is a template; it is
 * filled through the same domain function the server sends it with, the serial in place and
 * readable words for the time and readings, so no `{placeholder}` reaches the owner.
 */
export function shownNotificationMessage(
  notification: Pick<Notification, 'AlarmType' | 'Message'>,
  serialNumber: string,
): string | null {
  if (notification.AlarmType !== 'NOCALL') return notification.Message;
  return fillNoCallMessage(notification.Message?.trim() || DEFAULT_NOTIFICATION_MESSAGES.NOCALL, {
    serialNumber,
    ...NOCALL_PREVIEW_FACTS,
  });
}
