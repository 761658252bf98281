import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/mail/create-mailer';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { bearer, createUser, signIn } from '../../../test/helpers/factories';
import { isLoopbackAddress } from './outbox.routes';
import { OUTBOX_LIMIT } from './outbox.service';

describe('GET /api/outbox (local demo mailbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The real local-mode mailer: no SMTP URL, so messages are kept in the database.
    t = await createTestApp({
      mailer: ({ db }) =>
        createMailer({
          smtpUrl: undefined,
          from: 'Demo <no-reply@localhost>',
          db,
          log: { info: () => undefined },
        }),
    });
  });
  afterAll(() => t.close());

  const outbox = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/outbox' });
    expect(response.statusCode).toBe(200);
    return response.json().messages as { Recipient: string; Subject: string; TextBody: string }[];
  };

  it('shows a password reset e-mail sent in local mode, with its link', async () => {
    const user = await createUser(t.ctx, { email: 'outbox-owner@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization/passwordreset/initiate',
      payload: { EmailAddress: user.email_address, TenantId: 2 },
    });
    await expect.poll(async () => (await outbox()).length).toBe(1);
    const [message] = await outbox();
    expect(message).toMatchObject({
      Recipient: 'outbox-owner@example.com',
      Subject: 'Reset your CellWatch password',
    });
    expect(message?.TextBody).toContain(`http://localhost:3000/resetpassword?id=${user.id}&`);
  });

  it('lists the newest first, at most 100', async () => {
    for (let i = 0; i < OUTBOX_LIMIT + 5; i += 1) {
      await t.ctx.mailer.send({
        to: `n${i}@example.com`,
        subject: `#${i}`,
        text: 't',
        html: '<p>t</p>',
      });
    }
    const messages = await outbox();
    expect(messages).toHaveLength(100);
    expect(messages[0]?.Subject).toBe(`#${OUTBOX_LIMIT + 4}`);
    expect(messages[99]?.Subject).toBe('#5');
  });

  describe('who may read it (decision 019)', () => {
    // The server listens on 0.0.0.0: any address that reaches it could read reset links.
    const fromElsewhere = { remoteAddress: '203.0.113.7' };

    it('refuses a caller from another machine without a session (401)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/outbox', ...fromElsewhere });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 401 } });
    });

    it('refuses a signed-in customer from another machine (403)', async () => {
      const token = await signIn(t.app, await createUser(t.ctx));
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/outbox',
        headers: bearer(token),
        ...fromElsewhere,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 403 } });
    });

    it('answers staff from another machine', async () => {
      const token = await signIn(t.app, await createUser(t.ctx, { roles: [ROLE_STAFF] }));
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/outbox',
        headers: bearer(token),
        ...fromElsewhere,
      });
      expect(response.statusCode).toBe(200);
    });

    it('does not believe X-Forwarded-For naming the loopback when no proxy is trusted', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/outbox',
        headers: { 'x-forwarded-for': '127.0.0.1' },
        ...fromElsewhere,
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers a caller on this machine (IPv4, IPv6 and IPv4-mapped loopback)', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const response = await t.app.inject({ method: 'GET', url: '/api/outbox', remoteAddress });
        expect(response.statusCode, remoteAddress).toBe(200);
      }
      expect(isLoopbackAddress('10.0.0.1')).toBe(false);
      expect(isLoopbackAddress('::ffff:10.0.0.1')).toBe(false);
      expect(isLoopbackAddress('fe80::1')).toBe(false);
    });
  });

  it('with a trusted proxy on this machine, a client it forwards is not "this machine"', async () => {
    const proxied = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/outbox',
        headers: { 'x-forwarded-for': '198.51.100.4' },
        remoteAddress: '127.0.0.1',
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
