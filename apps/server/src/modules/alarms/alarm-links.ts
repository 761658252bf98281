import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { forbidden } from '../../platform/errors';
import { storedSecret } from '../../platform/security/stored-secrets';

/**
 * The links of alarm messages (issue #23): `PUBLIC_URL/alarms/{Id}/acknowledge?token=…`, where the
 * token is `<expiry, unix seconds in base 36>.<the recipient's address, base64url>.<HMAC-SHA256 of
 * the event id, that address and the expiry>`. Made with no write and checked with no lookup.
 * A token is worth no more than the message it came in: it reads its event's link view,
 * acknowledges that event and snoozes that event's unit, in the name of the address it was sent to.
 */

/** How long a link stays good: long enough for a weekend away, short enough to go stale. */
export const ALARM_LINK_DAYS = 7;
const LIFETIME_S = ALARM_LINK_DAYS * 24 * 3600;
/** Servers' clocks differ a little: an expiry this far beyond the lifetime is still taken. */
const CLOCK_SKEW_S = 300;

export const ALARM_LINK_INVALID = 'This alarm link is not valid. Sign in to acknowledge the alarm.';
export const ALARM_LINK_EXPIRED = 'This link has expired. Sign in to acknowledge the alarm.';

/** The key migration 032 made in the database. */
const linkSecret = (ctx: AppContext) => storedSecret(ctx.db, 'alarm_link_secret');

const sign = (secret: string, eventId: number, address: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`alarm-link:${eventId}:${address}:${expiresAt}`).digest();

export type AlarmLinkFor = {
  eventId: number;
  /** Where the message goes: an e-mail address or a phone number, as the delivery stores it. */
  address: string;
};

/** A token for one event and one recipient, good for 7 days from now. */
export async function alarmLinkToken(
  ctx: AppContext,
  { eventId, address }: AlarmLinkFor,
): Promise<string> {
  const expiresAt = Math.floor(ctx.now().getTime() / 1000) + LIFETIME_S;
  const signature = sign(await linkSecret(ctx), eventId, address, expiresAt);
  return [
    expiresAt.toString(36),
    Buffer.from(address, 'utf8').toString('base64url'),
    signature.toString('base64url'),
  ].join('.');
}

/** The acknowledge page of an alarm message: `PUBLIC_URL/alarms/{Id}/acknowledge?token=…`. */
export async function alarmLinkUrl(ctx: AppContext, link: AlarmLinkFor): Promise<string> {
  const token = await alarmLinkToken(ctx, link);
  return `${ctx.config.publicUrl}/alarms/${link.eventId}/acknowledge?token=${encodeURIComponent(token)}`;
}

const TOKEN = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/**
 * The address a token for `eventId` was sent to; a 403 with a message the page shows otherwise: a
 * malformed or forged token, one made for another event ('not valid'), one past its 7 days
 * ('expired'). The signature is compared in constant time.
 */
export async function verifyAlarmLinkToken(
  ctx: AppContext,
  { eventId, token }: { eventId: number; token: string },
): Promise<{ address: string }> {
  const match = TOKEN.exec(token);
  if (!match) throw forbidden(ALARM_LINK_INVALID);
  const expiresAt = parseInt(match[1]!, 36);
  const address = Buffer.from(match[2]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = sign(await linkSecret(ctx), eventId, address, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden(ALARM_LINK_INVALID);
  const nowS = ctx.now().getTime() / 1000;
  if (expiresAt > nowS + LIFETIME_S + CLOCK_SKEW_S) throw forbidden(ALARM_LINK_INVALID);
  if (nowS >= expiresAt) throw forbidden(ALARM_LINK_EXPIRED);
  return { address };
}
