import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_RESET_LIMIT_WINDOW_MS,
  PASSWORD_RESET_MAILS_PER_CLIENT,
  PASSWORD_RESET_MAILS_PER_EMAIL,
} from '@monitor/domain/accounts/password-reset-limit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';

describe('password reset e-mail limits (issue #2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const initiate = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authorization/passwordreset/initiate',
      remoteAddress: ip,
      payload: { EmailAddress: email, TenantId: 2 },
    });
  const mailsTo = (email: string) => t.sentMail.filter((mail) => mail.to === email).length;

  it('sends at most 3 reset e-mails to one e-mail address in an hour, still answering Ok', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_EMAIL + 2; i += 1) {
      const response = await initiate(user.email_address, `10.40.0.${i}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    expect(mailsTo(user.email_address)).toBe(PASSWORD_RESET_MAILS_PER_EMAIL);
    const links = await t.ctx.db
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(links).toHaveLength(PASSWORD_RESET_MAILS_PER_EMAIL);
  });

  it('sends again once an hour has passed since the oldest counted e-mail', async () => {
    const user = await createUser(t.ctx);
    await initiate(user.email_address, '10.41.0.1');
    t.advanceTime(10 * 60 * 1000);
    for (let i = 1; i < PASSWORD_RESET_MAILS_PER_EMAIL; i += 1) {
      await initiate(user.email_address, '10.41.0.1');
    }
    t.advanceTime(PASSWORD_RESET_LIMIT_WINDOW_MS - 10 * 60 * 1000 - 1);
    await initiate(user.email_address, '10.41.0.1');
    expect(mailsTo(user.email_address)).toBe(PASSWORD_RESET_MAILS_PER_EMAIL);
    t.advanceTime(1);
    await initiate(user.email_address, '10.41.0.1');
    expect(mailsTo(user.email_address)).toBe(PASSWORD_RESET_MAILS_PER_EMAIL + 1);
  });

  it('sends at most 10 reset e-mails in an hour for one client address, to any accounts', async () => {
    const ip = '10.42.0.1';
    const users = [];
    for (let i = 0; i <= PASSWORD_RESET_MAILS_PER_CLIENT; i += 1)
      users.push(await createUser(t.ctx));
    for (const user of users) expect((await initiate(user.email_address, ip)).statusCode).toBe(200);
    const sent = users.map((user) => mailsTo(user.email_address));
    expect(sent).toEqual([...Array.from({ length: PASSWORD_RESET_MAILS_PER_CLIENT }, () => 1), 0]);
    // The account left out is not blocked: it only waits for requests from elsewhere.
    const last = users.at(-1)?.email_address ?? '';
    await initiate(last, '10.42.0.2');
    expect(mailsTo(last)).toBe(1);
  });

  it('counts requests that arrive together one after the other, so a parallel flood sends no more', async () => {
    const user = await createUser(t.ctx);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => initiate(user.email_address, `10.43.0.${i}`)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 8 }, () => 200),
    );
    expect(mailsTo(user.email_address)).toBe(PASSWORD_RESET_MAILS_PER_EMAIL);
  });

  it('answers an unknown e-mail past the limit exactly as a known one', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_EMAIL; i += 1) {
      await initiate(user.email_address, '10.44.0.1');
    }
    const limited = await initiate(user.email_address, '10.44.0.1');
    const unknown = await initiate('no-account-here@example.com', '10.44.0.1');
    expect([limited.statusCode, limited.body]).toEqual([unknown.statusCode, unknown.body]);
  });
});
