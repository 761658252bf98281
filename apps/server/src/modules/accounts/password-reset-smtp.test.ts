import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server';

describe('password reset e-mail over real SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ from: 'CellWatch <no-reply@cellwatch.example>' });
    t = await createTestApp({ mailer: smtp.mailer });
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
