import { formatDeviceTime } from '@monitor/domain/devices/device-time';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import type { AlarmEventType, DeliveryChannel } from '../../platform/database/schema';
import { describeAlarmEvent, formatAlarmTime, type MessageText } from './alarm-messages';

/**
 * The "acknowledged by" notice (issue #23): "{Device name}: {sensor} alarm acknowledged by {who}
 * at {time in the unit's zone}", with the alarm messages' words for the sensor and the time. A
 * text message stays within one SMS (160 characters): the time without its date, and the names
 * shortened if they still do not fit.
 */

export const SMS_LIMIT = 160;

export type AcknowledgedNotice = {
  unit: { name: string | null; location: string | null; serialNumber: string };
  puck: { serial: string; name: string | null; location: string | null } | null;
  alarmType: AlarmEventType;
  by: string;
  at: Date;
  /** GMT offset in hours (UserDevice.TimeZone). */
  timeZone: number;
  deviceUrl: string;
};

function placeOf({ unit, puck }: Pick<AcknowledgedNotice, 'unit' | 'puck'>): string {
  const name = unit.name ?? unit.location ?? unit.serialNumber;
  if (!puck) return name;
  return `${name}, SPuck ${puck.name ?? puck.location ?? formatPuckSerial(puck.serial)}`;
}

const clip = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, Math.max(1, length - 1))}…`;

function line(
  notice: AcknowledgedNotice,
  { place, by, time }: Record<'place' | 'by' | 'time', string>,
) {
  return `${place}: ${describeAlarmEvent(notice.alarmType)} alarm acknowledged by ${by} at ${time}`;
}

/**
 * The one line of a text message, within `SMS_LIMIT`: when the unit's name and who answered do not
 * both fit, the longer gives way, neither below half the room.
 */
function smsLine(notice: AcknowledgedNotice): string {
  const time = formatDeviceTime(notice.at, notice.timeZone);
  let place = placeOf(notice);
  let by = notice.by;
  const room = SMS_LIMIT - line(notice, { place: '', by: '', time }).length;
  if (place.length + by.length > room) {
    const half = Math.floor(room / 2);
    if (place.length <= half) by = clip(by, room - place.length);
    else if (by.length <= half) place = clip(place, room - by.length);
    else [place, by] = [clip(place, half), clip(by, room - half)];
  }
  return clip(line(notice, { place, by, time }), SMS_LIMIT);
}

/** The notice for one channel: an e-mail with a subject and the device page, or one short line. */
export function buildAcknowledgedNotice(
  notice: AcknowledgedNotice,
  channel: DeliveryChannel,
): MessageText {
  const place = placeOf(notice);
  const subject = `Acknowledged: ${describeAlarmEvent(notice.alarmType)} - ${place}`;
  if (channel === 'sms') return { subject, body: smsLine(notice) };
  const text = line(notice, {
    place,
    by: notice.by,
    time: formatAlarmTime(notice.at, notice.timeZone),
  });
  return { subject, body: channel === 'email' ? `${text}\n${notice.deviceUrl}` : text };
}
