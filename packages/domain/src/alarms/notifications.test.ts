import { describe, expect, it } from 'vitest';
import {
  ALARM_TYPES,
  buildDefaultNotifications,
  DEFAULT_NOTIFICATION_MESSAGES,
  defaultNotification,
  describeLastReadings,
  fillNoCallMessage,
  formatMessageAddress,
  isAlarmType,
  isMessageType,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  TYPED_MESSAGE_TYPES,
  NOCALL_MESSAGE_TEMPLATE,
  parseMessageAddress,
} from './notifications';
import { fahrenheit } from '../shared/temperature';

describe('alarm and message types', () => {
  it('lists the nine alarm types of a notification (device-management §3)', () => {
    expect(ALARM_TYPES).toEqual([
      'TEMP',
      'HUMIDITY',
      'POWER',
      'NOCALL',
      'WATER',
      'MOTION',
      'RADON',
      'SPUCK_TEMP',
      'SPUCK_HUMIDITY',
    ]);
    expect(isAlarmType('RADON')).toBe(true);
    expect(isAlarmType('SP_TEMP')).toBe(false);
  });

  it('labels EMAIL as Email, SMS as Text and VOICE as Phone (device-management §3), and PUSH as Push (issue #27)', () => {
    expect(TYPED_MESSAGE_TYPES).toEqual(['EMAIL', 'SMS', 'VOICE']);
    expect(MESSAGE_TYPES).toEqual(['EMAIL', 'SMS', 'VOICE', 'PUSH']);
    expect(MESSAGE_TYPE_LABELS).toEqual({
      EMAIL: 'Email',
      SMS: 'Text',
      VOICE: 'Phone',
      PUSH: 'Push',
    });
    expect(isMessageType('VOICE')).toBe(true);
    expect(isMessageType('Phone')).toBe(false);
  });

  it('reads a PUSH address as a browser id, never typed text (issue #27)', () => {
    expect(parseMessageAddress('PUSH', ' 31 ')).toEqual({ isValid: true, value: '31' });
    for (const input of ['', '0', '031', 'x@example.com', '99999999999', '2147483648'])
      expect(parseMessageAddress('PUSH', input)).toEqual({
        isValid: false,
        reason: 'invalid-browser',
      });
  });
});

describe('default messages', () => {
  it('uses the spec wording for each alarm type (accounts-devices-billing §9)', () => {
    expect(DEFAULT_NOTIFICATION_MESSAGES.TEMP).toBe(
      'URGENT: Temperature out of range. Please take action!',
    );
    expect(DEFAULT_NOTIFICATION_MESSAGES.SPUCK_TEMP).toBe(DEFAULT_NOTIFICATION_MESSAGES.TEMP);
    expect(DEFAULT_NOTIFICATION_MESSAGES.POWER).toBe(
      'URGENT: Power is currently OFF. Please take action!',
    );
    expect(DEFAULT_NOTIFICATION_MESSAGES.WATER).toBe(
      'URGENT: Water has been detected. Please take action.',
    );
    expect(DEFAULT_NOTIFICATION_MESSAGES.MOTION).toBe(
      'URGENT: Motion has been detected. Please take action.',
    );
    expect(DEFAULT_NOTIFICATION_MESSAGES.RADON).toBe(
      'Urgent: Radon system has failed. Please take action.',
    );
  });

  it('words humidity like temperature, for device and puck (accounts-devices-billing §9 "similar")', () => {
    expect(DEFAULT_NOTIFICATION_MESSAGES.HUMIDITY).toBe(
      'URGENT: Humidity out of range. Please take action!',
    );
    expect(DEFAULT_NOTIFICATION_MESSAGES.SPUCK_HUMIDITY).toBe(
      DEFAULT_NOTIFICATION_MESSAGES.HUMIDITY,
    );
  });

  it('begins every alarm message with URGENT (device-management §9)', () => {
    for (const type of ALARM_TYPES) {
      expect(DEFAULT_NOTIFICATION_MESSAGES[type].toUpperCase()).toMatch(/^URGENT: /);
    }
  });

  it('says in NOCALL that the unit has not called in, with time, serial and last readings (accounts-devices-billing §9)', () => {
    const message = fillNoCallMessage(NOCALL_MESSAGE_TEMPLATE, {
      serialNumber: 'ABC123',
      lastMessageTime: 'Monday, March 2, 2026 at 4:05 PM',
      lastReadings: describeLastReadings({ temperature: fahrenheit(71.6), humidity: 40.4 }, 'F'),
    });
    expect(message).toBe(
      'URGENT: Unit ABC123 has not called in since Monday, March 2, 2026 at 4:05 PM. Last readings: Temperature 72°F, Humidity 40%. Please take action!',
    );
  });

  it('gives the last readings in the preferred unit and leaves out missing ones', () => {
    expect(describeLastReadings({ temperature: fahrenheit(50), humidity: null }, 'C')).toBe(
      'Temperature 10°C',
    );
    expect(describeLastReadings({ temperature: null, humidity: null }, 'F')).toBe('none');
  });
});

describe('buildDefaultNotifications', () => {
  it('gives a new device EMAIL notifications to the user for TEMP, HUMIDITY, POWER and NOCALL (accounts-devices-billing §4)', () => {
    const drafts = buildDefaultNotifications({
      emailAddress: ' owner@example.com ',
      hasHumidityAlarm: true,
    });
    expect(drafts.map((draft) => draft.alarmType)).toEqual(['TEMP', 'HUMIDITY', 'POWER', 'NOCALL']);
    for (const draft of drafts) {
      expect(draft.messageType).toBe('EMAIL');
      expect(draft.messageAddress).toBe('owner@example.com');
      expect(draft.message).toBe(DEFAULT_NOTIFICATION_MESSAGES[draft.alarmType]);
    }
  });

  it('leaves out HUMIDITY for a device without humidity alarms such as NIST (device-management §4)', () => {
    const drafts = buildDefaultNotifications({
      emailAddress: 'owner@example.com',
      hasHumidityAlarm: false,
    });
    expect(drafts.map((draft) => draft.alarmType)).toEqual(['TEMP', 'POWER', 'NOCALL']);
  });

  it('makes one default for any alarm type, such as a puck water alarm', () => {
    expect(defaultNotification('WATER', 'a@b.co')).toEqual({
      alarmType: 'WATER',
      messageType: 'EMAIL',
      messageAddress: 'a@b.co',
      message: 'URGENT: Water has been detected. Please take action.',
    });
  });
});

describe('parseMessageAddress', () => {
  it('stores a text or phone number with a leading 1 (device-management §5)', () => {
    expect(parseMessageAddress('SMS', '(555) 123-4567')).toEqual({
      isValid: true,
      value: '15551234567',
    });
    expect(parseMessageAddress('VOICE', '1-555-123-4567')).toEqual({
      isValid: true,
      value: '15551234567',
    });
  });

  it('refuses a missing, short, long or lettered phone number for a text or call', () => {
    for (const input of ['', '555-1234', '1555123456789', '555-CALL-NOW']) {
      expect(parseMessageAddress('SMS', input)).toEqual({
        isValid: false,
        reason: 'invalid-phone',
      });
    }
  });

  it('accepts an e-mail address, trimmed, and refuses something that is not one', () => {
    expect(parseMessageAddress('EMAIL', ' owner@example.com ')).toEqual({
      isValid: true,
      value: 'owner@example.com',
    });
    for (const input of ['', 'owner', 'owner@example', 'own er@example.com', '5551234567']) {
      expect(parseMessageAddress('EMAIL', input)).toEqual({
        isValid: false,
        reason: 'invalid-email',
      });
    }
  });
});

describe('formatMessageAddress', () => {
  it('shows a stored phone as (area) prefix-line and an e-mail as it is', () => {
    expect(formatMessageAddress('SMS', '15551234567')).toBe('(555) 123-4567');
    expect(formatMessageAddress('EMAIL', 'owner@example.com')).toBe('owner@example.com');
    expect(formatMessageAddress('VOICE', 'garbled')).toBe('garbled');
  });
});
