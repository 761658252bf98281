import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import type { SmsVoiceSender } from './sms-voice-sender';
import { PRESS_1_PROMPT } from './twiml';

/**
 * Keeps texts and calls in the outbox table and the log, as the local mail outbox does (006). A
 * call is kept as what the callee hears; an alarm call also keeps its acknowledge URL, where the
 * local mailbox's "Press 1" sends the key, as Twilio would (issue #23).
 */
export function createOutboxSmsVoiceSender({
  db,
  log,
}: {
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
}): SmsVoiceSender {
  async function store(
    channel: 'sms' | 'voice',
    to: string,
    text: string,
    acknowledgeUrl: string | null = null,
  ): Promise<void> {
    await db
      .insertInto('outbox_messages')
      .values({
        channel,
        recipient: to,
        subject: null,
        text_body: text,
        html_body: null,
        acknowledge_url: acknowledgeUrl,
      })
      .execute();
    log.info({ channel, to }, `outbox: ${channel === 'sms' ? 'text' : 'call'} to ${to}: ${text}`);
  }
  return {
    kind: 'outbox',
    sendText: (to, body) => store('sms', to, body),
    placeCall: (to, spokenText, options) =>
      options?.acknowledgeUrl
        ? store('voice', to, `${spokenText}\n${PRESS_1_PROMPT}`, options.acknowledgeUrl)
        : store('voice', to, spokenText),
  };
}
