import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../platform/database/schema';
import type { Mailer } from './mailer';

/**
 * Keeps each message in the outbox table and the log, for the demo mailbox (decision 006). It
 * still goes through nodemailer, so both mailers build the same MIME message and fail alike.
 */
export function createOutboxMailer({
  from,
  db,
  log,
}: {
  from: string;
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: 'outbox',
    send: async (message) => {
      const attachments = [...(message.attachments ?? [])];
      await transport.sendMail({ from, ...message, attachments });
      await db
        .insertInto('outbox_messages')
        .values({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          attachment_names: attachments.length ? attachments.map((file) => file.filename) : null,
        })
        .execute();
      log.info(
        { to: message.to, subject: message.subject },
        `outbox: e-mail to ${message.to}: ${message.subject}`,
      );
    },
    close: () => transport.close(),
  };
}
