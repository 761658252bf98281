import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The mail server the product sends to during the soak (SMTP_URL), as the server's own SMTP tests
 * run one (apps/server/test/helpers/smtp-server.ts): it keeps each message's recipients, subject
 * and arrival time, so the soak counts the alarm e-mails actually delivered.
 */

export type ReceivedMail = { to: string; subject: string; at: number };

export type MailSink = {
  port: number;
  /** One entry per recipient of each message, in order of arrival. */
  received: ReceivedMail[];
  close: () => Promise<void>;
};

/** An RFC 2047 encoded word (=?UTF-8?B?…?= or ?Q?), as nodemailer writes a non-ASCII subject. */
function decodeWords(text: string): string {
  return text.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
    (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  );
}

/** The Subject header of a raw message, unfolded and decoded. */
export function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = headers.replace(/\r?\n(?=[ \t])/g, '');
  const match = /^subject:[ \t]*(.*)$/im.exec(unfolded);
  return match ? decodeWords(match[1]!.trim()) : '';
}

export async function startMailSink(onError: (error: Error) => void): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // Each of the server's sends may open a connection; the defaults would refuse some under load.
    maxClients: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const at = performance.now();
        const subject = subjectOf(Buffer.concat(chunks).toString('utf8'));
        for (const { address } of session.envelope.rcptTo) {
          received.push({ to: address.toLowerCase(), subject, at });
        }
        callback();
      });
    },
  });
  server.on('error', onError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
