import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../src/adapters/mail/create-mailer';
import type { Mailer } from '../../src/adapters/mail/mailer';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/database/schema';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtpServer = {
  port: number;
  /** Every message received so far, in order. */
  received: ReceivedMail[];
  /** The next message to arrive. */
  next: () => Promise<ReceivedMail>;
  /** A mailer factory for createTestApp that sends through this server. */
  mailer: (deps: { db: Kysely<DB> }) => Mailer;
  close: () => Promise<void>;
};

/** A real SMTP server on localhost that keeps what it receives, for round trips through nodemailer. */
export async function startTestSmtpServer({
  from = 'Monitoring <alerts@monitoring.example>',
}: { from?: string } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting: ((message: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const sender = session.envelope.mailFrom;
        const message = {
          from: sender ? sender.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(message);
        waiting.shift()?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    mailer: ({ db }) =>
      // No TLS on the local test server.
      createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from,
        db,
        log: { info: () => undefined },
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
