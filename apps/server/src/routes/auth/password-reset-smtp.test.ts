import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/mail/mailer';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on localhost that keeps what it receives. */
async function startSmtpServer(): Promise<{
  port: number;
  next: () => Promise<Received>;
  close: () => Promise<void>;
}> {
  const waiting: ((message: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        waiting.shift()?.({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('password reset e-mail over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      mailer: ({ db }) =>
        createMailer({
          // No TLS on the local test server.
          smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
          from: 'CellWatch <no-reply@cellwatch.example>',
          db,
          log: { info: () => undefined },
        }),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset link to the account address through the SMTP server (store-and-public-site §2)', async () => {
    const user = await createUser(t.ctx, { email: 'smtp-owner@example.com' });
    const received = smtp.next();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/passwordreset/initiate',
      payload: { EmailAddress: user.email_address, TenantId: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(t.ctx.mailer.kind).toBe('smtp');
    const message = await received;
    expect(message.to).toEqual(['smtp-owner@example.com']);
    expect(message.from).toBe('no-reply@cellwatch.example');
    expect(message.raw).toContain('Subject: Reset your CellWatch password');
    expect(message.raw).toContain('multipart/alternative');
    // Quoted-printable may fold long lines; unfold soft breaks before looking for the link.
    const body = message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const expires = t.ctx.now().getTime() + 60 * 60 * 1000;
    expect(body).toMatch(
      new RegExp(
        `http://localhost:3000/resetpassword\\?id=${user.id}&expires=${expires}&token=[A-Za-z0-9_-]{43}`,
      ),
    );
  });

  it('answers the outbox as 404 when real SMTP is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe(404);
  });
});
