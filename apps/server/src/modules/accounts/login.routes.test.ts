import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, type TestUser } from '../../../test/helpers/factories';

describe('POST /LoginGateway.php', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.ctx, { email: 'owner@example.com' });
  });
  afterAll(() => t.close());

  it('answers the User entity with an AccessToken for the right password (accounts-devices-billing §3)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      payload: { username: 'Owner@Example.com', password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      Id: user.id,
      EmailAddress: 'owner@example.com',
      UserPref: { TempPref: 'F' },
      Roles: [],
    });
    expect(body.AccessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers 401 'Invalid username or password.' for a wrong password (accounts-devices-billing §8)", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      payload: { username: user.email_address, password: 'wrong' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 401, message: 'Invalid username or password.', isSlowed: false },
    });
  });

  it('answers the same 401 for an unknown e-mail, revealing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      payload: { username: 'nobody@example.com', password: 'whatever' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Invalid username or password.');
  });

  it('answers 400 in the error shape for a body without a password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      payload: { username: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(400);
  });

  it('answers 404 in the error shape for an unknown /api path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 404, message: 'No such call: GET /api/nothing-here' },
    });
  });
});
