import type { Notification, NotificationInput } from '@monitor/contract/notifications';
import {
  DEFAULT_ESCALATION,
  MAX_REPEAT_CAP,
  MAX_WAIT_MINUTES,
  MIN_REPEAT_CAP,
  type NotificationEscalation,
  type RepeatInterval,
} from '@monitor/domain/alarms/notification-escalation';

/** The "If nobody answers" fields as typed: a number box holds '' (or a part of one) while edited. */
export type EscalationEntry = {
  waitMinutes: number | string;
  repeatMinutes: RepeatInterval;
  repeatCap: number | string;
  tellsAllClear: boolean;
  tellsAcknowledged: boolean;
};

export type EscalationErrors = Partial<Record<'waitMinutes' | 'repeatCap', string>>;

/** A notification's repeat and escalate settings (issue #23), or the defaults for a new one. */
export function escalationOf(notification: Notification | null): NotificationEscalation {
  if (!notification) return { ...DEFAULT_ESCALATION };
  return {
    waitMinutes: notification.WaitMinutes,
    repeatMinutes: notification.RepeatMinutes,
    repeatCap: notification.RepeatCap,
    tellsAllClear: notification.TellAllClear,
    tellsAcknowledged: notification.TellAcknowledged,
  };
}

const isWholeBetween = (value: number | string, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Refuses what the server would (contract `NotificationInput`), in the dialog's words. */
export function validateEscalation(entry: EscalationEntry): EscalationErrors {
  const errors: EscalationErrors = {};
  if (!isWholeBetween(entry.waitMinutes, 0, MAX_WAIT_MINUTES))
    errors.waitMinutes = `Enter 0 to ${MAX_WAIT_MINUTES} minutes.`;
  // The cap is shown, and matters, only while repeating is on.
  if (entry.repeatMinutes > 0 && !isWholeBetween(entry.repeatCap, MIN_REPEAT_CAP, MAX_REPEAT_CAP))
    errors.repeatCap = `Enter ${MIN_REPEAT_CAP} to ${MAX_REPEAT_CAP} times.`;
  return errors;
}

/** The settings to send, once `validateEscalation` has found nothing; a hidden cap falls back. */
export function readEscalationEntry(entry: EscalationEntry): NotificationEscalation {
  return {
    waitMinutes: isWholeBetween(entry.waitMinutes, 0, MAX_WAIT_MINUTES) ? entry.waitMinutes : 0,
    repeatMinutes: entry.repeatMinutes,
    repeatCap: isWholeBetween(entry.repeatCap, MIN_REPEAT_CAP, MAX_REPEAT_CAP)
      ? entry.repeatCap
      : DEFAULT_ESCALATION.repeatCap,
    tellsAllClear: entry.tellsAllClear,
    tellsAcknowledged: entry.tellsAcknowledged,
  };
}

/** The settings as the notification calls take them. */
export function toEscalationInput(
  escalation: NotificationEscalation,
): Pick<
  NotificationInput,
  'WaitMinutes' | 'RepeatMinutes' | 'RepeatCap' | 'TellAllClear' | 'TellAcknowledged'
> {
  return {
    WaitMinutes: escalation.waitMinutes,
    RepeatMinutes: escalation.repeatMinutes,
    RepeatCap: escalation.repeatCap,
    TellAllClear: escalation.tellsAllClear,
    TellAcknowledged: escalation.tellsAcknowledged,
  };
}
