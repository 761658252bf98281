import { parsePhoneInput, splitPhoneNumber } from '../shared/phone';
import { formatTemperature, type Fahrenheit, type TempPref } from '../shared/temperature';

/** What a notification is about (device-management §3, accounts-devices-billing §3). */
export const ALARM_TYPES = [
  'TEMP',
  'HUMIDITY',
  'POWER',
  'NOCALL',
  'WATER',
  'MOTION',
  'RADON',
  'SPUCK_TEMP',
  'SPUCK_HUMIDITY',
] as const;

export type AlarmType = (typeof ALARM_TYPES)[number];

export function isAlarmType(value: unknown): value is AlarmType {
  return typeof value === 'string' && (ALARM_TYPES as readonly string[]).includes(value);
}

/** The delivery types the spec knows, whose address is typed (accounts-devices-billing §3, §9). */
export const TYPED_MESSAGE_TYPES = ['EMAIL', 'SMS', 'VOICE'] as const;

/**
 * How a notification is delivered: the spec's three, and PUSH to one of the user's browsers
 * (issue #27), whose address is the browser's id, chosen, never typed.
 */
export const MESSAGE_TYPES = [...TYPED_MESSAGE_TYPES, 'PUSH'] as const;

export type MessageType = (typeof MESSAGE_TYPES)[number];
export type TypedMessageType = (typeof TYPED_MESSAGE_TYPES)[number];

export function isMessageType(value: unknown): value is MessageType {
  return typeof value === 'string' && (MESSAGE_TYPES as readonly string[]).includes(value);
}

/** What each delivery type is called on screen (device-management §3, accounts-devices-billing §9). */
export const MESSAGE_TYPE_LABELS: Readonly<Record<MessageType, string>> = {
  EMAIL: 'Email',
  SMS: 'Text',
  VOICE: 'Phone',
  PUSH: 'Push',
};

/** Placeholders a NOCALL message is filled with when it is sent. */
export type NoCallFacts = {
  serialNumber: string;
  /** Already formatted, e.g. "Monday, March 2, 2026 at 4:05 PM". */
  lastMessageTime: string;
  /** Already formatted, e.g. "Temperature 72°F, Humidity 40%". */
  lastReadings: string;
};

/**
 * The NOCALL default. The spec says only that it "reports that the unit has not called in, with
 * last message time, serial number and last readings" (accounts-devices-billing §9); the wording
 * is ours, in the style of the others.
 */
export const NOCALL_MESSAGE_TEMPLATE =
  'URGENT: Unit {serialNumber} has not called in since {lastMessageTime}. Last readings: {lastReadings}. Please take action!';

/**
 * Default message per alarm type, word for word from accounts-devices-billing §9 (RADON's
 * "Urgent:" and the full stops of WATER and MOTION included). HUMIDITY is "similar" to TEMP in
 * the spec, so it is TEMP's text with Humidity.
 */
export const DEFAULT_NOTIFICATION_MESSAGES: Readonly<Record<AlarmType, string>> = {
  TEMP: 'URGENT: Temperature out of range. Please take action!',
  SPUCK_TEMP: 'URGENT: Temperature out of range. Please take action!',
  HUMIDITY: 'URGENT: Humidity out of range. Please take action!',
  SPUCK_HUMIDITY: 'URGENT: Humidity out of range. Please take action!',
  POWER: 'URGENT: Power is currently OFF. Please take action!',
  WATER: 'URGENT: Water has been detected. Please take action.',
  MOTION: 'URGENT: Motion has been detected. Please take action.',
  RADON: 'Urgent: Radon system has failed. Please take action.',
  NOCALL: NOCALL_MESSAGE_TEMPLATE,
};

/** Fills {serialNumber}, {lastMessageTime} and {lastReadings} in a NOCALL message. */
export function fillNoCallMessage(template: string, facts: NoCallFacts): string {
  return template
    .replaceAll('{serialNumber}', facts.serialNumber)
    .replaceAll('{lastMessageTime}', facts.lastMessageTime)
    .replaceAll('{lastReadings}', facts.lastReadings);
}

/**
 * The last readings for a NOCALL message, temperature in the user's unit and rounded as the
 * last-read display rounds (device-management §9); missing readings are left out.
 */
export function describeLastReadings(
  readings: { temperature: Fahrenheit | null; humidity: number | null },
  unit: TempPref,
): string {
  const parts: string[] = [];
  if (readings.temperature !== null) {
    parts.push(`Temperature ${formatTemperature(readings.temperature, unit)}`);
  }
  if (readings.humidity !== null) parts.push(`Humidity ${Math.round(readings.humidity)}%`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/**
 * A notification rule before it is saved: a new device's (registration) is by one of the spec's
 * types; a saved device's may be PUSH too.
 */
export type NotificationDraft<T extends MessageType = TypedMessageType> = {
  alarmType: AlarmType;
  messageType: T;
  messageAddress: string;
  message: string;
};

/** One EMAIL notification to `emailAddress` with the alarm type's default message (device-management §5). */
export function defaultNotification(alarmType: AlarmType, emailAddress: string): NotificationDraft {
  return {
    alarmType,
    messageType: 'EMAIL',
    messageAddress: emailAddress.trim(),
    message: DEFAULT_NOTIFICATION_MESSAGES[alarmType],
  };
}

/** The alarm types a new device is given notifications for (accounts-devices-billing §4). */
export const DEFAULT_DEVICE_ALARM_TYPES: readonly AlarmType[] = [
  'TEMP',
  'HUMIDITY',
  'POWER',
  'NOCALL',
];

/**
 * The notifications a new device gets: EMAIL to the user's address for TEMP, HUMIDITY, POWER and
 * NOCALL (accounts-devices-billing §4). A device without humidity alarms (NIST, device-management
 * §4) gets no HUMIDITY one.
 */
export function buildDefaultNotifications(options: {
  emailAddress: string;
  hasHumidityAlarm: boolean;
}): NotificationDraft[] {
  return DEFAULT_DEVICE_ALARM_TYPES.filter(
    (type) => options.hasHumidityAlarm || type !== 'HUMIDITY',
  ).map((type) => defaultNotification(type, options.emailAddress));
}

// Deliberately loose: one @, something on both sides, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type MessageAddressInput =
  | { isValid: true; value: string }
  | { isValid: false; reason: 'invalid-email' | 'invalid-phone' | 'invalid-browser' };

/**
 * Reads the address typed for a notification: an e-mail address for EMAIL, a phone number for
 * SMS and VOICE stored as 11 digits with a leading 1 (device-management §3, §5). Unlike the
 * billing phone, a notification phone is required, so fewer than 10 digits is a mistake. A PUSH
 * address is a browser's id (whose it is, the server checks).
 */
export function parseMessageAddress(messageType: MessageType, input: string): MessageAddressInput {
  if (messageType === 'PUSH') {
    const id = input.trim();
    return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2 ** 31 - 1
      ? { isValid: true, value: id }
      : { isValid: false, reason: 'invalid-browser' };
  }
  if (messageType === 'EMAIL') {
    const email = input.trim();
    return EMAIL_PATTERN.test(email)
      ? { isValid: true, value: email }
      : { isValid: false, reason: 'invalid-email' };
  }
  const phone = parsePhoneInput(input);
  return phone.isValid && phone.value !== null
    ? { isValid: true, value: phone.value }
    : { isValid: false, reason: 'invalid-phone' };
}

/** A stored address as shown in the notification list: phones as (555) 123-4567. */
export function formatMessageAddress(messageType: MessageType, stored: string): string {
  if (messageType === 'EMAIL' || messageType === 'PUSH') return stored;
  const parts = splitPhoneNumber(stored);
  return parts ? `(${parts.areaCode}) ${parts.prefix}-${parts.lineNumber}` : stored;
}
