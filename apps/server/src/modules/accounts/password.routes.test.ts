import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';

describe('PUT /api/users/{userId}/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (userId: number | string, body: unknown, token?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/password`,
      payload: body as object,
      ...(token && { headers: bearer(token) }),
    });
  const readSelf = (user: TestUser, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: bearer(token) });

  it('changes the password, keeps the calling session and ends the others (accounts-devices-billing §7)', async () => {
    const user = await createUser(t.ctx);
    const here = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user, 'mobileapp');
    const response = await change(
      user.id,
      { CurrentPassword: user.password, NewPassword: 'a fresh password' },
      here,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await readSelf(user, here)).statusCode).toBe(200);
    expect((await readSelf(user, elsewhere)).statusCode).toBe(401);
    expect(await signIn(t.app, { ...user, password: 'a fresh password' })).toBeTruthy();
    await expect(signIn(t.app, user)).rejects.toThrow('401');
  });

  it("answers 400 'The current password is not correct.' and keeps the old password", async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const response = await change(
      user.id,
      { CurrentPassword: 'not it', NewPassword: 'a fresh password' },
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 400, message: 'The current password is not correct.' },
    });
    expect(await signIn(t.app, user)).toBeTruthy();
  });

  it("answers 403 for another user's password, even with that user's current password", async () => {
    const user = await createUser(t.ctx);
    const victim = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const response = await change(
      victim.id,
      { CurrentPassword: victim.password, NewPassword: 'owned by someone else' },
      token,
    );
    expect(response.statusCode).toBe(403);
    expect(await signIn(t.app, victim)).toBeTruthy();
  });

  it('answers 401 without a token', async () => {
    const user = await createUser(t.ctx);
    const response = await change(user.id, {
      CurrentPassword: user.password,
      NewPassword: 'a fresh password',
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a new password shorter than 8 characters', { CurrentPassword: 'x', NewPassword: 'short' }],
    ['no current password', { NewPassword: 'long enough here' }],
    ['a new password that is a number', { CurrentPassword: 'x', NewPassword: 12345678 }],
    ['a body that is an array', ['x']],
  ])('answers 400 for %s', async (_label, body) => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    expect((await change(user.id, body, token)).statusCode).toBe(400);
  });

  it('answers 400, not 500, for a user id that is not a number', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const response = await change(
      'me',
      { CurrentPassword: 'x', NewPassword: 'long enough' },
      token,
    );
    expect(response.statusCode).toBe(400);
  });
});
