import {
  DEFAULT_NOTIFICATION_MESSAGES,
  describeLastReadings,
  fillNoCallMessage,
} from '@monitor/domain/alarms/notifications';
import { formatDeviceDateTime } from '@monitor/domain/devices/device-time';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import { decimalsAgainstRange, formatBound } from '@monitor/domain/alarms/reading-precision';
import {
  fahrenheit,
  fahrenheitToCelsius,
  roundTo,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import type { AlarmRange } from '@monitor/domain/alarms/status';
import type { AlarmEventType } from '../../platform/database/schema';

/**
 * The words of alarm, all-clear and NOCALL deliveries (decision 011). The first line of an alarm
 * is the notification's own Message (or the domain default), so what the owner wrote is what
 * they get; the lines after it say where, what was read against which range, and when.
 */

export type AlarmPlace = {
  /** The user device's name and location. */
  name: string | null;
  location: string | null;
  serialNumber: string;
  /** GMT offset in hours (UserDevice.TimeZone). */
  timeZone: number;
  tempPref: TempPref;
  /**
   * The device page: PUBLIC_URL + /devices/{userDeviceId}, in every alarm and all-clear; empty in
   * a push message, which opens the page when tapped (alarm-deliveries.ts `placeFor`).
   */
  deviceUrl: string;
  /** The puck, for its sensors' alarms. */
  puck?: { serial: string; name: string | null; location: string | null } | null;
};

export type AlarmReading = {
  alarmType: AlarmEventType;
  value: number | null;
  range: AlarmRange | null;
  at: Date;
};

/** `html`: an e-mail's branded page (alarm-mail.ts); texts, calls and plain-text parts use `body`. */
export type MessageText = { subject: string; body: string; html?: string };

const SUBJECTS: Readonly<Record<AlarmEventType, { alarm: string; clear: string }>> = {
  TEMP: { alarm: 'Temperature out of range', clear: 'Temperature back in range' },
  SPUCK_TEMP: { alarm: 'Temperature out of range', clear: 'Temperature back in range' },
  HUMIDITY: { alarm: 'Humidity out of range', clear: 'Humidity back in range' },
  SPUCK_HUMIDITY: { alarm: 'Humidity out of range', clear: 'Humidity back in range' },
  POWER: { alarm: 'Power is OFF', clear: 'Power is back ON' },
  WATER: { alarm: 'Water detected', clear: 'No water detected any more' },
  MOTION: { alarm: 'Motion detected', clear: 'No motion detected any more' },
  NOCALL: { alarm: 'Unit has not called in', clear: 'Unit is calling in again' },
};

/** What an alarm event is, in a few words: 'Temperature out of range' (the alarm's subject). */
export function describeAlarmEvent(alarmType: AlarmEventType): string {
  return SUBJECTS[alarmType].alarm;
}

/** The device page a message links to: the owner's row, whose notifications are the ones sent. */
export function deviceUrlOf(publicUrl: string, userDeviceId: number): string {
  return `${publicUrl}/devices/${userDeviceId}`;
}

/**
 * A time in the user device's own zone, as the pages show it (SPEC-NOTES.md "Device times"):
 * "Sunday, November 22, 2026 at 7:00 AM EST".
 */
export const formatAlarmTime = formatDeviceDateTime;

/** A place as one line: "SPuck Wine rack (0A-1B-2C-3D) on Cabin, Lake road (serial AB12CD)". */
export function describePlace(place: AlarmPlace): string {
  const unit = [place.name, place.location].filter(Boolean).join(', ');
  const where = `${unit || 'Unit'} (serial ${place.serialNumber})`;
  if (!place.puck) return where;
  const puck = [place.puck.name, place.puck.location].filter(Boolean).join(', ');
  return `SPuck ${puck ? `${puck} ` : ''}(${formatPuckSerial(place.puck.serial)}) on ${where}`;
}

function shortPlace(place: AlarmPlace): string {
  const name = place.puck?.name ?? place.puck?.location ?? place.name ?? place.location;
  return name ? `${name} (${place.serialNumber})` : place.serialNumber;
}

/** A reading and the range it is shown against, each as words: "Humidity 9.6%", "10% to 70%". */
export type ReadingParts = { reading: string; range: string | null };

/**
 * "Humidity 9.6%" against "10% to 70%": the reading with as many decimals as show it on the right
 * side of its range (a temperature at least one), the bounds rounded alike.
 */
function rangedParts(
  label: string,
  value: number,
  range: AlarmRange | null,
  { unit, fewest }: { unit: string; fewest: number },
): ReadingParts {
  const decimals = range ? decimalsAgainstRange(value, range, fewest) : fewest;
  return {
    reading: `${label} ${roundTo(value, decimals).toFixed(decimals)}${unit}`,
    range: range
      ? `${formatBound(range.min, decimals)}${unit} to ${formatBound(range.max, decimals)}${unit}`
      : null,
  };
}

/** The reading in the owner's unit, against its range; null when there is nothing to say. */
export function describeReading(reading: AlarmReading, tempPref: TempPref): ReadingParts | null {
  const { alarmType, value, range } = reading;
  if (value === null) return null;
  switch (alarmType) {
    case 'TEMP':
    case 'SPUCK_TEMP': {
      // Stored °F; compared in the owner's unit, unrounded, so the breach survives the conversion.
      const inUnit = (f: number) => (tempPref === 'C' ? fahrenheitToCelsius(fahrenheit(f)) : f);
      const shownRange = range && { min: inUnit(range.min), max: inUnit(range.max) };
      return rangedParts('Temperature', inUnit(value), shownRange, {
        unit: `°${tempPref}`,
        fewest: 1,
      });
    }
    case 'HUMIDITY':
    case 'SPUCK_HUMIDITY':
      return rangedParts('Humidity', value, range, { unit: '%', fewest: 0 });
    case 'POWER':
      return { reading: `Power ${value === 0 ? 'OFF' : 'ON'}`, range: null };
    case 'WATER':
      return { reading: `Water ${value > 0 ? 'detected' : 'dry'}`, range: null };
    case 'MOTION':
      return { reading: `Motion ${value === 1 ? 'detected' : 'none'}`, range: null };
    case 'NOCALL':
      return null;
  }
}

/** "Humidity 9.6% (range 10% to 70%)", as texts and plain-text parts say it. */
function readingLine(reading: AlarmReading, tempPref: TempPref): string | null {
  const parts = describeReading(reading, tempPref);
  if (!parts) return null;
  return parts.range ? `${parts.reading} (range ${parts.range})` : parts.reading;
}

function compose(first: string, place: AlarmPlace, reading: AlarmReading): string {
  const lines = [
    first,
    describePlace(place),
    readingLine(reading, place.tempPref),
    formatAlarmTime(reading.at, place.timeZone),
    place.deviceUrl,
  ];
  return lines.filter((line): line is string => Boolean(line)).join('\n');
}

/** The first line of an alarm: the notification's own Message, or the type's default. */
export function firstLineOf(message: string | null, alarmType: AlarmEventType): string {
  return message?.trim() || DEFAULT_NOTIFICATION_MESSAGES[alarmType];
}

/**
 * An alarm: the notification's Message, or the type's default, then place, reading and time; an
 * e-mail also carries its signed acknowledge link (decision 059), and its page (alarm-mail.ts).
 */
export function buildAlarmMessage(
  message: string | null,
  place: AlarmPlace,
  reading: AlarmReading,
  acknowledgeUrl: string | null = null,
): MessageText {
  const body = compose(firstLineOf(message, reading.alarmType), place, reading);
  return {
    subject: `ALARM: ${SUBJECTS[reading.alarmType].alarm} - ${shortPlace(place)}`,
    body: acknowledgeUrl ? `${body}\nAcknowledge or snooze: ${acknowledgeUrl}` : body,
  };
}

/** Where an e-mail page (alarm-mail.ts) takes a reminder's line: reminders reuse the alarm's words. */
export const REMINDER_SLOT = '<!-- reminder -->';

/** A repeat of an alarm nobody has acknowledged yet: the same words under a reminder line. */
export function reminderMessage({ subject, body, html }: MessageText, step: number): MessageText {
  const notice = `Still in alarm and not acknowledged (reminder ${step}).`;
  return {
    subject: `REMINDER ${step}: ${subject}`,
    body: `${notice}\n${body}`,
    ...(html !== undefined && {
      html: html.replace(REMINDER_SLOT, `<p style="color: #c92a2a"><strong>${notice}</strong></p>`),
    }),
  };
}

const LATE_WHAT: Readonly<Record<AlarmEventType, string>> = {
  TEMP: 'Temperature was out of range',
  SPUCK_TEMP: 'Temperature was out of range',
  HUMIDITY: 'Humidity was out of range',
  SPUCK_HUMIDITY: 'Humidity was out of range',
  POWER: 'Power was OFF',
  WATER: 'Water was detected',
  MOTION: 'Motion was detected',
  NOCALL: 'The unit did not call in',
};

/**
 * Spells that ended before their readings arrived (a unit that kept its readings while it could
 * not report): one message for all of a sensor's in one upload, from the first one's start to the
 * last one's end, with the worst reading.
 */
export function buildLateMessage(
  place: AlarmPlace,
  late: {
    alarmType: AlarmEventType;
    from: Date;
    to: Date;
    worst: number | null;
    range: AlarmRange | null;
    spells: number;
  },
): MessageText {
  const when = `from ${formatAlarmTime(late.from, place.timeZone)} to ${formatAlarmTime(late.to, place.timeZone)}`;
  const worst = readingLine(
    { alarmType: late.alarmType, value: late.worst, range: late.range, at: late.to },
    place.tempPref,
  );
  const lines = [
    `${LATE_WHAT[late.alarmType]} ${when} while the unit could not report.`,
    late.spells > 1 ? `${late.spells} separate times in all.` : null,
    describePlace(place),
    worst && `Worst reading: ${worst}`,
    place.deviceUrl,
  ];
  return {
    subject: `ALARM while the unit could not report: ${SUBJECTS[late.alarmType].alarm} - ${shortPlace(place)}`,
    body: lines.filter((line): line is string => Boolean(line)).join('\n'),
  };
}

/** The short all-clear sent to the notifications an alarm went to. */
export function buildAllClearMessage(place: AlarmPlace, reading: AlarmReading): MessageText {
  const what = SUBJECTS[reading.alarmType].clear;
  return {
    subject: `All clear: ${what} - ${shortPlace(place)}`,
    body: compose(`All clear: ${what}.`, place, reading),
  };
}

/**
 * NOCALL: the notification's Message (default: the domain's template) with serial, last message
 * time and last readings filled in (accounts-devices-billing §9).
 */
export function buildNoCallMessage(
  message: string | null,
  place: AlarmPlace,
  last: { at: Date; temperature: number | null; humidity: number | null },
  acknowledgeUrl: string | null = null,
): MessageText {
  const lastMessageTime = formatAlarmTime(last.at, place.timeZone);
  const first = fillNoCallMessage(message?.trim() || DEFAULT_NOTIFICATION_MESSAGES.NOCALL, {
    serialNumber: place.serialNumber,
    lastMessageTime,
    lastReadings: describeLastReadings(
      {
        temperature: last.temperature === null ? null : fahrenheit(last.temperature),
        humidity: last.humidity,
      },
      place.tempPref,
    ),
  });
  return {
    subject: `ALARM: ${SUBJECTS.NOCALL.alarm} - ${shortPlace(place)}`,
    body: [
      first,
      describePlace(place),
      `Last message: ${lastMessageTime}`,
      place.deviceUrl,
      acknowledgeUrl && `Acknowledge or snooze: ${acknowledgeUrl}`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
