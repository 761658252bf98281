import { formatMessageAddress } from '@monitor/domain/alarms/notifications';
import type { AppContext } from '../../context';
import type { AlarmEventType } from '../../platform/database/schema';
import { acknowledgeAlarm } from './acknowledgement.service';
import { verifyAlarmLinkToken } from './alarm-links';
import { findEventTextedTo, type EventTextedTo } from './alarm-replies.repository';

/**
 * Answering an alarm from the phone (issue #23): a text back saying ACK, or 1 pressed on the call.
 * Twilio's webhooks (twilio-webhooks.routes.ts) and the local mailbox's stand-in
 * (outbox/outbox-replies.*) both come here, so either way is the same answer.
 */

export const REPLY_NO_ALARM = 'No alarm is waiting for your answer.';
export const REPLY_HELP = 'Reply ACK to acknowledge the alarm.';
export const SAY_ACKNOWLEDGED = 'Thank you. The alarm is acknowledged.';
export const SAY_NOT_ACKNOWLEDGED =
  'The alarm was not acknowledged. To acknowledge it, answer its text or e-mail, or sign in.';

/** One text, so a reply is never split or billed twice. */
const SMS_LENGTH = 160;

const SENSOR: Readonly<Record<AlarmEventType, string>> = {
  TEMP: 'temperature',
  HUMIDITY: 'humidity',
  POWER: 'power',
  WATER: 'water',
  MOTION: 'motion',
  SPUCK_TEMP: 'SPuck temperature',
  SPUCK_HUMIDITY: 'SPuck humidity',
  NOCALL: 'no call-in',
};

/** The largest id a row can have (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/**
 * What a text says: ACK, any case, with or without the event's id ("ack 1234", "ACK #1234.").
 * Null for anything else.
 */
export function readAckReply(body: string): { eventId: number | null } | null {
  const match = /^ack(?:\s*#?\s*(\d{1,12}))?[.!]*$/i.exec(body.trim());
  if (!match) return null;
  return { eventId: match[1] === undefined ? null : Number(match[1]) };
}

/**
 * A sender's number as phones are stored (11 digits, leading 1): `+1` and 10 digits as Twilio
 * writes it, or 11 digits with the leading 1, or 10 digits. Any other country's number is none:
 * its digits must never be taken for a US number's.
 */
export function storedPhoneOf(from: string): string | null {
  const compact = from.trim().replace(/[\s().-]/g, '');
  const match = /^(?:\+?1)?(\d{10})$/.exec(compact);
  return match ? `1${match[1]}` : null;
}

/** Shortens the one free part of a reply (a unit's name) so the whole fits in one text. */
function fitText(template: (name: string) => string, name: string): string {
  const room = SMS_LENGTH - template('').length;
  return template(name.length > room ? `${name.slice(0, Math.max(room - 3, 0))}...` : name);
}

function acknowledgedReply(event: EventTextedTo): string {
  const unit =
    event.puck_name ?? event.puck_location ?? event.name ?? event.location ?? event.serial_number;
  const sensor = SENSOR[event.alarm_type];
  return fitText(
    (name) => `Acknowledged: ${name} ${sensor} alarm. Everyone told will hear you answered.`,
    unit,
  );
}

const alreadyReply = (by: string) =>
  fitText((name) => `This alarm was already acknowledged by ${name}.`, by);

/**
 * Answers a text from `from`: ACK acknowledges the alarm it names, or the newest one not yet
 * acknowledged, among those texted to that number, in the name of the number as the app shows
 * phones, via 'sms'. Answers the text to send back (at most 160 characters).
 */
export async function answerTextReply(
  ctx: AppContext,
  { from, body }: { from: string; body: string },
): Promise<string> {
  const ack = readAckReply(body);
  if (!ack) return REPLY_HELP;
  const address = storedPhoneOf(from);
  // A number too large to be an id names no event (and must not reach the query).
  const isNoId = ack.eventId !== null && (ack.eventId < 1 || ack.eventId > MAX_ID);
  if (address === null || isNoId) return REPLY_NO_ALARM;
  const event = await findEventTextedTo(ctx.db, { address, eventId: ack.eventId });
  if (!event) return REPLY_NO_ALARM;
  if (event.acknowledged_by !== null) return alreadyReply(event.acknowledged_by);
  const acknowledgement = await acknowledgeAlarm(ctx, {
    eventId: event.id,
    by: formatMessageAddress('SMS', address),
    from: address,
    via: 'sms',
  });
  return acknowledgement.isNew
    ? acknowledgedReply(event)
    : alreadyReply(acknowledgement.acknowledged_by);
}

/**
 * Answers a key pressed on an alarm call: the token (an alarm link's for the event and the number
 * called; 403 otherwise) says who answered; 1 acknowledges the event in that number's name, via
 * 'voice'. Answers the words the call says before it ends.
 */
export async function answerKeypress(
  ctx: AppContext,
  { eventId, token, digits }: { eventId: number; token: string; digits: string },
): Promise<string> {
  const { address } = await verifyAlarmLinkToken(ctx, { eventId, token });
  if (digits !== '1') return SAY_NOT_ACKNOWLEDGED;
  await acknowledgeAlarm(ctx, {
    eventId,
    by: formatMessageAddress('VOICE', address),
    from: address,
    via: 'voice',
  });
  return SAY_ACKNOWLEDGED;
}
