import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { createOutboxSmsVoiceSender } from './outbox-sms-voice-sender';
import type { SmsVoiceSender } from './sms-voice-sender';
import type { TwilioSettings } from './twilio-sms-voice-sender';

export type SmsVoiceSenderOptions = {
  twilio: TwilioSettings | undefined;
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
};

/**
 * Twilio when it is configured, otherwise the local outbox (decision 010). Twilio's SDK is loaded
 * only then: it is a quarter of a second of every start that uses the outbox.
 */
export async function createSmsVoiceSender({
  twilio,
  db,
  log,
}: SmsVoiceSenderOptions): Promise<SmsVoiceSender> {
  if (!twilio) return createOutboxSmsVoiceSender({ db, log });
  const { createTwilioSmsVoiceSender } = await import('./twilio-sms-voice-sender');
  return createTwilioSmsVoiceSender(twilio);
}
