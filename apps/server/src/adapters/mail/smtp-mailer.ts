import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Delivers through the SMTP server at `smtpUrl` (`smtp://user:pass@host:port`). */
export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  // Every attempt ends well inside the 60 s after which a message sent at once is retried
  // (SEND_NOW_RETRY_AFTER_SECONDS, decision 028), so a hanging server cannot cause a second copy;
  // nodemailer's own defaults wait up to 2 and 10 minutes.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from, ...message, attachments: [...(message.attachments ?? [])] });
    },
    close: () => transport.close(),
  };
}
