import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends e-mail. Every message goes through nodemailer so both modes build the same MIME message. */
export type Mailer = {
  /** 'smtp' delivers to a real server; 'outbox' keeps messages in the database for the demo mailbox. */
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
};

/** SMTP when a server is configured, otherwise the local outbox. */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: 'outbox',
    send: async (message) => {
      await transport.sendMail({ from, ...message });
      await db
        .insertInto('outbox_messages')
        .values({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
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
