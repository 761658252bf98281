import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<DB>;
  log: Pick<FastifyBaseLogger, 'info'>;
};

/** SMTP when a server is configured, otherwise the local outbox. */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  return smtpUrl ? createSmtpMailer({ smtpUrl, from }) : createOutboxMailer({ from, db, log });
}
