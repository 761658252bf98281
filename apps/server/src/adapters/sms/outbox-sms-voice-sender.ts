import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import type { SmsVoiceSender } from './sms-voice-sender';

/** Keeps texts and calls in the outbox table and the log, as the local mail outbox does (006). */
export function createOutboxSmsVoiceSender({
  db,
  log,
}: {
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
}): SmsVoiceSender {
  async function store(channel: 'sms' | 'voice', to: string, text: string): Promise<void> {
    await db
      .insertInto('outbox_messages')
      .values({ channel, recipient: to, subject: null, text_body: text, html_body: null })
      .execute();
    log.info({ channel, to }, `outbox: ${channel === 'sms' ? 'text' : 'call'} to ${to}: ${text}`);
  }
  return {
    kind: 'outbox',
    sendText: (to, body) => store('sms', to, body),
    placeCall: (to, spokenText) => store('voice', to, spokenText),
  };
}
