import type { Brand } from '@monitor/domain/shared/brands';
import { escapeHtml, mailButton, mailPage } from '../../platform/mail/html';
import {
  buildAlarmMessage,
  buildNoCallMessage,
  describeAlarmEvent,
  describePlace,
  describeReading,
  firstLineOf,
  formatAlarmTime,
  REMINDER_SLOT,
  type AlarmPlace,
  type AlarmReading,
  type MessageText,
} from './alarm-messages';

/** What only an e-mail of an alarm carries: its signed acknowledge link and the owner's brand. */
export type AlarmEmail = {
  acknowledgeUrl: string;
  brand: Pick<Brand, 'name' | 'phone' | 'email'>;
};

/**
 * An alarm e-mail (issue #24): the words of buildAlarmMessage as its plain-text part, drawn on the
 * page every e-mail is drawn on: the owner's words, the reading large with its range, where and
 * when (in the unit's zone), and the ways to acknowledge and to the device.
 */
export function buildAlarmEmail(
  message: string | null,
  place: AlarmPlace,
  reading: AlarmReading,
  { acknowledgeUrl, brand }: AlarmEmail,
): MessageText {
  const e = escapeHtml;
  const parts = describeReading(reading, place.tempPref);
  const shown = parts
    ? `    <p style="margin: 16px 0 4px; font-size: 28px; font-weight: bold; color: #c92a2a">${e(parts.reading)}</p>
${parts.range ? `    <p style="margin: 0 0 16px; color: #52606d">Range ${e(parts.range)}</p>\n` : ''}`
    : '';
  const html = mailPage(
    brand,
    describeAlarmEvent(reading.alarmType),
    `    ${REMINDER_SLOT}
    <p><strong>${e(firstLineOf(message, reading.alarmType))}</strong></p>
${shown}    <p>${e(describePlace(place))}<br>${e(formatAlarmTime(reading.at, place.timeZone))}</p>
    ${mailButton(acknowledgeUrl, 'Acknowledge or snooze')}
    <p><a href="${e(place.deviceUrl)}">Open the device</a></p>`,
  );
  return { ...buildAlarmMessage(message, place, reading, acknowledgeUrl), html };
}

/**
 * A NOCALL e-mail on the same page: its words (the notification's Message filled in) as they are,
 * with the ways to acknowledge and to the device as buttons. Its plain-text part stays the words.
 */
export function buildNoCallEmail(
  message: string | null,
  place: AlarmPlace,
  last: Parameters<typeof buildNoCallMessage>[2],
  { acknowledgeUrl, brand }: AlarmEmail,
): MessageText {
  const e = escapeHtml;
  const words = buildNoCallMessage(message, place, last, acknowledgeUrl);
  // The words' lines before the links: the message, the place and the last message time.
  const lines = words.body.split('\n').slice(0, -2);
  const html = mailPage(
    brand,
    describeAlarmEvent('NOCALL'),
    `    ${REMINDER_SLOT}
    <p>${lines.map(e).join('<br>')}</p>
    ${mailButton(acknowledgeUrl, 'Acknowledge or snooze')}
    <p><a href="${e(place.deviceUrl)}">Open the device</a></p>`,
  );
  return { ...words, html };
}
