import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';

const INVALID = 'This password reset link is not valid or has expired. Please request a new one.';
const HOUR = 60 * 60 * 1000;

type ResetLink = { id: number; expires: number; token: string };

describe('password reset (store-and-public-site §2, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Each request from its own address: the per-address limit has its own tests.
  let requests = 0;
  const initiate = (email: string, tenantId = 2) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authorization/passwordreset/initiate',
      remoteAddress: `10.30.0.${(requests += 1)}`,
      payload: { EmailAddress: email, TenantId: tenantId },
    });

  /** Asks for a reset link and reads it from the e-mail that was sent. */
  async function requestLink(user: TestUser, tenantId = 2): Promise<ResetLink> {
    const before = t.sentMail.length;
    expect((await initiate(user.email_address, tenantId)).statusCode).toBe(200);
    await vi.waitFor(() => expect(t.sentMail.length).toBe(before + 1));
    const text = t.sentMail.at(-1)?.text ?? '';
    const url = new URL(/http:\/\/localhost:3000\/resetpassword\?\S+/.exec(text)?.[0] ?? '');
    return {
      id: Number(url.searchParams.get('id')),
      expires: Number(url.searchParams.get('expires')),
      token: url.searchParams.get('token') ?? '',
    };
  }

  const reset = (userId: number, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/users/${userId}/password/reset`, payload: body });
  const useLink = (link: ResetLink, newPassword = 'brand new secret', userId = link.id) =>
    reset(userId, { Expires: link.expires, RequestToken: link.token, NewPassword: newPassword });
  const canSignIn = async (email: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/LoginGateway.php',
        payload: { username: email, password },
      })
    ).statusCode === 200;

  it('e-mails a branded link with id, expiry one hour ahead and token', async () => {
    const user = await createUser(t.ctx);
    const link = await requestLink(user, 3);
    const mail = t.sentMail.at(-1);
    expect(mail?.to).toBe(user.email_address);
    expect(mail?.subject).toBe('Reset your HomeSentry password');
    expect(mail?.text).toContain('1-866-555-0173');
    expect(mail?.html).toContain('help@homesentry.example');
    expect(mail?.html).toContain(`token=${link.token}`);
    expect(link).toMatchObject({ id: user.id, expires: t.ctx.now().getTime() + HOUR });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(t.ctx);
    const link = await requestLink(user);
    const rows = await t.ctx.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(link.token);
  });

  it('answers 200 for an unknown e-mail and sends nothing, so accounts cannot be discovered', async () => {
    const known = await createUser(t.ctx);
    const before = t.sentMail.length;
    const response = await initiate('no-such-account@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    // The known address goes second; if the unknown one had sent anything it would show first.
    await initiate(known.email_address);
    await vi.waitFor(() => expect(t.sentMail.length).toBeGreaterThan(before));
    expect(t.sentMail.slice(before).map((m) => m.to)).toEqual([known.email_address]);
  });

  it('sets the new password once and ends every session of the user', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const link = await requestLink(user);
    const response = await useLink(link, 'brand new secret');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await canSignIn(user.email_address, 'brand new secret')).toBe(true);
    expect(await canSignIn(user.email_address, user.password)).toBe(false);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: bearer(token),
    });
    expect(old.statusCode).toBe(401);
  });

  it(`refuses a link used before with 400 '${INVALID}'`, async () => {
    const user = await createUser(t.ctx);
    const link = await requestLink(user);
    expect((await useLink(link, 'first new password')).statusCode).toBe(200);
    const again = await useLink(link, 'second new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 400, message: INVALID } });
    expect(await canSignIn(user.email_address, 'first new password')).toBe(true);
  });

  it('accepts a link just before it expires', async () => {
    const user = await createUser(t.ctx);
    const link = await requestLink(user);
    t.advanceTime(HOUR - 1);
    expect((await useLink(link)).statusCode).toBe(200);
  });

  it('refuses a link once its hour has passed', async () => {
    const user = await createUser(t.ctx);
    const link = await requestLink(user);
    t.advanceTime(HOUR);
    const response = await useLink(link);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(INVALID);
    expect(await canSignIn(user.email_address, user.password)).toBe(true);
  });

  it("refuses a link used for another user's account", async () => {
    const victim = await createUser(t.ctx);
    const attacker = await createUser(t.ctx);
    const link = await requestLink(attacker);
    const response = await useLink(link, 'taken over!', victim.id);
    expect(response.statusCode).toBe(400);
    expect(await canSignIn(victim.email_address, victim.password)).toBe(true);
    // The refused attempt did not burn the attacker's own link either.
    expect((await useLink(link)).statusCode).toBe(200);
  });

  it('refuses a link whose expiry was changed', async () => {
    const user = await createUser(t.ctx);
    const link = await requestLink(user);
    const response = await useLink({ ...link, expires: link.expires + 24 * HOUR });
    expect(response.statusCode).toBe(400);
    expect((await useLink(link)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const user = await createUser(t.ctx);
    const link = await requestLink(user);
    expect((await useLink({ ...link, token: 'x'.repeat(43) })).statusCode).toBe(400);
  });

  it('stops older links working once one has been used', async () => {
    const user = await createUser(t.ctx);
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect((await useLink(second)).statusCode).toBe(200);
    expect((await useLink(first)).statusCode).toBe(400);
  });

  it.each([
    ['a short new password', { Expires: 1, RequestToken: 'a', NewPassword: 'short' }],
    [
      'Expires that is not a number',
      { Expires: 'soon', RequestToken: 'a', NewPassword: 'x'.repeat(9) },
    ],
    ['no token', { Expires: 1, NewPassword: 'x'.repeat(9) }],
    [
      'a token that is an object',
      { Expires: 1, RequestToken: { $ne: 1 }, NewPassword: 'x'.repeat(9) },
    ],
  ])('answers 400, not 500, for %s', async (_label, body) => {
    expect((await reset(1, body)).statusCode).toBe(400);
  });

  it('answers 400 for a user id that is not a number', async () => {
    const response = await reset('abc' as unknown as number, {
      Expires: 1,
      RequestToken: 'a',
      NewPassword: 'x'.repeat(9),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 for an initiate body without a valid e-mail address', async () => {
    expect((await initiate('not an email')).statusCode).toBe(400);
  });

  describe('checking a link when its page opens (issue #24)', () => {
    const check = (link: ResetLink, userId = link.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${userId}/password/reset/check`,
        remoteAddress: `10.31.0.${(requests += 1)}`,
        payload: { Expires: link.expires, RequestToken: link.token },
      });

    it('answers Ok for a link that can still set a password, and uses nothing up', async () => {
      const user = await createUser(t.ctx);
      const link = await requestLink(user);
      expect((await check(link)).json()).toEqual({ ok: true });
      expect((await check(link)).statusCode).toBe(200);
      expect((await useLink(link)).statusCode).toBe(200);
    });

    it('says at once that a used link is not valid, in the words the reset would use', async () => {
      const user = await createUser(t.ctx);
      const link = await requestLink(user);
      expect((await useLink(link)).statusCode).toBe(200);
      const response = await check(link);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 400, message: INVALID } });
    });

    it("answers an expired link, another user's, a changed expiry and a made-up token alike, so it tells nothing more", async () => {
      const user = await createUser(t.ctx);
      const other = await createUser(t.ctx);
      const link = await requestLink(user);
      const answers = await Promise.all([
        check(link, other.id),
        check({ ...link, expires: link.expires + 1 }),
        check({ ...link, token: 'made-up-token' }),
      ]);
      t.advanceTime(HOUR);
      answers.push(await check(link));
      expect(answers.map((r) => [r.statusCode, r.json()])).toEqual(
        Array(4).fill([400, { error: { code: 400, message: INVALID } }]),
      );
    });
  });
});
