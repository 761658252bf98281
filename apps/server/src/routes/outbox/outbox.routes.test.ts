import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/mail/mailer';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import { OUTBOX_LIMIT } from '../../services/outbox.service';

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
});
