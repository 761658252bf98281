import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createOutboxSmsVoiceSender } from './outbox-sms-voice-sender';
import { createTwilioSmsVoiceSender, type TwilioSettings } from './twilio-sms-voice-sender';

/** Sends texts and places voice calls; numbers are given as stored (11 digits, leading 1). */
export type SmsVoiceSender = {
  /** 'twilio' reaches real phones; 'outbox' keeps messages in the database for the demo. */
  kind: 'twilio' | 'outbox';
  sendText: (to: string, body: string) => Promise<void>;
  /** Calls the number and reads `spokenText` aloud once. */
  placeCall: (to: string, spokenText: string) => Promise<void>;
};

export type SmsVoiceSenderOptions = {
  twilio: TwilioSettings | undefined;
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
};

/** Twilio when it is configured, otherwise the local outbox (decision 010). */
export function createSmsVoiceSender({ twilio, db, log }: SmsVoiceSenderOptions): SmsVoiceSender {
  return twilio ? createTwilioSmsVoiceSender(twilio) : createOutboxSmsVoiceSender({ db, log });
}

/**
 * A stored phone number as E.164: 11 digits with a leading 1 become `+1…`; a number already
 * written with `+` passes through; anything else is refused rather than sent to a wrong number.
 */
export function toE164(phone: string): string {
  const trimmed = phone.trim();
  if (/^\+[1-9]\d{6,14}$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[\s().-]/g, '');
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  throw new Error(`not a phone number: ${phone}`);
}
