import type { Notification } from '@monitor/contract/notifications';
import { MESSAGES } from '@monitor/domain/shared/messages';
import {
  DEFAULT_NOTIFICATION_MESSAGES,
  parseMessageAddress,
  type AlarmType,
  type MessageType,
} from '@monitor/domain/alarms/notifications';
import { joinPhoneParts, splitPhoneNumber, type PhoneParts } from '@monitor/domain/shared/phone';
import { EMPTY_PHONE } from '../../../components/ui/phone-number-input';
import { escalationOf, validateEscalation, type EscalationEntry } from '../lib/escalation-entry';

/** The notification dialog's values as typed, and what it refuses (device-management §5). */
export type NotificationFormValues = {
  alarmType: AlarmType;
  messageType: MessageType;
  email: string;
  phone: PhoneParts;
  message: string;
  escalation: EscalationEntry;
};

export type NotificationFormErrors = Partial<
  Record<'alarmType' | 'email' | 'phone' | 'waitMinutes' | 'repeatCap', string>
>;

/** The form's first values: the notification's, or a new one's defaults (device-management §5). */
export function initialValues(
  editing: Notification | null,
  alarmTypes: readonly AlarmType[],
  defaultEmail: string,
): NotificationFormValues {
  if (editing) {
    const isEmail = editing.MessageType === 'EMAIL';
    return {
      alarmType: editing.AlarmType,
      messageType: editing.MessageType,
      email: isEmail ? editing.MessageAddress : defaultEmail,
      phone: (!isEmail && splitPhoneNumber(editing.MessageAddress)) || EMPTY_PHONE,
      message: editing.Message ?? DEFAULT_NOTIFICATION_MESSAGES[editing.AlarmType],
      escalation: escalationOf(editing),
    };
  }
  const alarmType = alarmTypes[0] ?? 'TEMP';
  return {
    alarmType,
    messageType: 'EMAIL',
    email: defaultEmail,
    phone: EMPTY_PHONE,
    message: DEFAULT_NOTIFICATION_MESSAGES[alarmType],
    escalation: escalationOf(null),
  };
}

/** What keeps the form from saving, in its words; `hasEscalation` when the dialog shows it. */
export function validate(
  values: NotificationFormValues,
  alarmTypes: readonly AlarmType[],
  hasEscalation: boolean,
): NotificationFormErrors {
  const errors: NotificationFormErrors = hasEscalation ? validateEscalation(values.escalation) : {};
  if (!alarmTypes.includes(values.alarmType)) errors.alarmType = 'Choose an alarm type.';
  if (values.messageType === 'EMAIL') {
    if (!parseMessageAddress('EMAIL', values.email).isValid) {
      errors.email = 'Enter a valid e-mail address.';
    }
  } else if (!joinPhoneParts(values.phone)) {
    errors.phone = MESSAGES.invalidPhone;
  }
  return errors;
}
