import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { createOutboxSmsVoiceSender } from './outbox-sms-voice-sender';
import type { SmsVoiceSender } from './sms-voice-sender';
import { createTwilioSmsVoiceSender, type TwilioSettings } from './twilio-sms-voice-sender';

export type SmsVoiceSenderOptions = {
  twilio: TwilioSettings | undefined;
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
};

/** Twilio when it is configured, otherwise the local outbox (decision 010). */
export function createSmsVoiceSender({ twilio, db, log }: SmsVoiceSenderOptions): SmsVoiceSender {
  return twilio ? createTwilioSmsVoiceSender(twilio) : createOutboxSmsVoiceSender({ db, log });
}
