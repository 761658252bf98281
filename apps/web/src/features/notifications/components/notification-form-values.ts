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

/** The Push browser choice that subscribes this browser on saving (issue #27). */
export const THIS_BROWSER = 'this';

/** The notification dialog's values as typed, and what it refuses (device-management §5). */
export type NotificationFormValues = {
  alarmType: AlarmType;
  messageType: MessageType;
  email: string;
  phone: PhoneParts;
  /** Push: a saved browser's id, or THIS_BROWSER; the name this browser is saved under. */
  browser: string;
  browserName: string;
  message: string;
  escalation: EscalationEntry;
};

export type NotificationFormErrors = Partial<
  Record<
    'alarmType' | 'email' | 'phone' | 'browser' | 'browserName' | 'waitMinutes' | 'repeatCap',
    string
  >
>;

/** The form's first values: the notification's, or a new one's defaults (device-management §5). */
export function initialValues(
  editing: Notification | null,
  alarmTypes: readonly AlarmType[],
  defaultEmail: string,
  firstMessageType: MessageType = 'EMAIL',
): NotificationFormValues {
  const push = { browser: '', browserName: '' };
  if (editing) {
    const type = editing.MessageType;
    const isPhone = type === 'SMS' || type === 'VOICE';
    return {
      alarmType: editing.AlarmType,
      messageType: type,
      email: type === 'EMAIL' ? editing.MessageAddress : defaultEmail,
      phone: (isPhone && splitPhoneNumber(editing.MessageAddress)) || EMPTY_PHONE,
      ...push,
      ...(type === 'PUSH' && { browser: editing.MessageAddress }),
      message: editing.Message ?? DEFAULT_NOTIFICATION_MESSAGES[editing.AlarmType],
      escalation: escalationOf(editing),
    };
  }
  const alarmType = alarmTypes[0] ?? 'TEMP';
  return {
    alarmType,
    messageType: firstMessageType,
    email: defaultEmail,
    phone: EMPTY_PHONE,
    ...push,
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
  if (values.messageType === 'PUSH') {
    if (!values.browser) errors.browser = 'Choose a browser.';
    else if (values.browser === THIS_BROWSER && !values.browserName.trim())
      errors.browserName = 'Name this browser.';
  } else if (values.messageType === 'EMAIL') {
    if (!parseMessageAddress('EMAIL', values.email).isValid) {
      errors.email = 'Enter a valid e-mail address.';
    }
  } else if (!joinPhoneParts(values.phone)) {
    errors.phone = MESSAGES.invalidPhone;
  }
  return errors;
}
