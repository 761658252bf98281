import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser } from '../../../test/helpers/factories';
import { isUniqueViolation } from '../../platform/database/errors';
import { findUserById, insertUser } from './users.repository';

const registration = (extra: Record<string, unknown> = {}) => ({
  FirstName: 'dana',
  LastName: 'smith',
  EmailAddress: `new-${Math.random().toString(36).slice(2)}@example.com`,
  Password: 'a good password',
  ConfirmPassword: 'a good password',
  TenantId: 3,
  ...extra,
});

describe('POST /RegistrationGateway.php', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/RegistrationGateway.php', payload: payload as object });

  it('creates the account and answers the User with Id and AccessToken (store-and-public-site §7)', async () => {
    const response = await register(registration({ EmailAddress: 'Dana.Smith@Example.com' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      FirstName: 'Dana',
      LastName: 'Smith',
      EmailAddress: 'dana.smith@example.com',
      TenantId: 3,
      Roles: [],
      UserPref: { TempPref: 'F' },
    });
    expect(body.Id).toBeGreaterThan(0);
    expect(body.AccessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${body.Id}`,
      headers: bearer(body.AccessToken),
    });
    expect(me.statusCode).toBe(200);
  });

  it('sends the new account a welcome e-mail in the brand it registered with, never the password', async () => {
    const email = `welcome-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await register(registration({ EmailAddress: email, TenantId: 3 }));
    expect(response.statusCode).toBe(200);
    const brand = t.ctx.brands[3];
    await expect.poll(() => t.sentMail.filter((mail) => mail.to === email)).toHaveLength(1);
    const mail = t.sentMail.find((sent) => sent.to === email);
    expect(mail?.subject).toBe(`Welcome to ${brand.name}`);
    expect(mail?.text).toContain('Hello Dana,');
    expect(mail?.text).toContain(`${brand.phone}`);
    expect(mail?.html).toContain(`Welcome to ${brand.name}`);
    expect(`${mail?.text}${mail?.html}`).not.toContain('a good password');
  });

  it("sends the welcome e-mail's Add your device button to the add-device page, in the brand's site (issue #24)", async () => {
    const email = `add-device-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await register(registration({ EmailAddress: email, TenantId: 3 }));
    expect(response.statusCode).toBe(200);
    await expect.poll(() => t.sentMail.filter((mail) => mail.to === email)).toHaveLength(1);
    const mail = t.sentMail.find((sent) => sent.to === email);
    const link = 'http://localhost:3000/devices/add?tid=3';
    expect(mail?.text).toContain(link);
    expect(mail?.html).toMatch(
      /<a href="http:\/\/localhost:3000\/devices\/add\?tid=3"[^>]*>Add your device<\/a>/,
    );
  });

  it('sends no welcome e-mail when the registration fails', async () => {
    const email = `taken-${Math.random().toString(36).slice(2)}@example.com`;
    await createUser(t.ctx, { email });
    const response = await register(registration({ EmailAddress: email }));
    expect(response.statusCode).toBe(409);
    expect(t.sentMail.filter((mail) => mail.to === email)).toHaveLength(0);
  });

  it('capitalises the first letter of first and last names (store-and-public-site §5)', async () => {
    const body = (await register(registration({ FirstName: 'élodie', LastName: 'mcCoy' }))).json();
    expect([body.FirstName, body.LastName]).toEqual(['Élodie', 'McCoy']);
  });

  it('stores the password as an scrypt hash, never as typed', async () => {
    const body = (await register(registration())).json();
    const row = await findUserById(t.ctx.db, body.Id);
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain('a good password');
  });

  it('stores company, origin and segment, keeping Other text only when Other was chosen (store-and-public-site §3, §5)', async () => {
    const body = (
      await register(
        registration({
          CompanyName: 'Acme Cabins',
          ProductOrigin: 9,
          ProductOriginOther: 'A trade show',
          CustomerSegmentation: 2,
          SegmentationOther: 'typed before choosing RV',
        }),
      )
    ).json();
    const row = await findUserById(t.ctx.db, body.Id);
    expect(row).toMatchObject({
      company_name: 'Acme Cabins',
      product_origin: 9,
      product_origin_other: 'A trade show',
      customer_segmentation: 2,
    });
  });

  it('stores segment 8 when none was chosen (store-and-public-site §3)', async () => {
    const body = (await register(registration())).json();
    const row = await findUserById(t.ctx.db, body.Id);
    expect(row).toMatchObject({ customer_segmentation: 8, product_origin: null });
  });

  it('opens a 29-day session when the mobile app registers (accounts-devices-billing §9)', async () => {
    const body = (await register(registration({ source: 'mobileapp' }))).json();
    const days = (Date.parse(body.AccessTokenExpires) - t.ctx.now().getTime()) / 86_400_000;
    expect(days).toBe(29);
  });

  it("answers 409 'Email address is already in use.' for a used address in any letter case (store-and-public-site §8)", async () => {
    await createUser(t.ctx, { email: 'taken@example.com' });
    const response = await register(registration({ EmailAddress: 'TAKEN@example.com' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 409, message: 'Email address is already in use.' },
    });
  });

  it('answers one 200 and one 409 when the same address registers twice at once (store-and-public-site §8)', async () => {
    const payload = registration({ EmailAddress: 'race@example.com' });
    const codes = (await Promise.all([register(payload), register(payload)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 409]);
  });

  it('recognises the unique-index failure the race ends in (PostgreSQL 23505)', async () => {
    await createUser(t.ctx, { email: 'index@example.com' });
    const error = await insertUser(t.ctx.db, {
      first_name: 'A',
      last_name: 'B',
      email_address: 'INDEX@example.com',
      password_hash: 'x',
      tenant_id: 1,
      parent_id: null,
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('answers 400 when Password and ConfirmPassword differ (store-and-public-site §5)', async () => {
    const response = await register(registration({ ConfirmPassword: 'something else' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Password and confirm password must match.');
  });

  it.each([
    ['no e-mail address', { EmailAddress: undefined }],
    ['an invalid e-mail address', { EmailAddress: 'not-an-email' }],
    ['a short password', { Password: 'short', ConfirmPassword: 'short' }],
    ['a first name that is a number', { FirstName: 42 }],
    ['an unknown tenant', { TenantId: 9 }],
    ['an origin that is not an option', { ProductOrigin: 77 }],
    ['a NUL byte in the company name', { CompanyName: 'Acme\u0000' }],
  ])('answers 400, not 500, for %s', async (_label, extra) => {
    const response = await register(registration(extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(400);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/RegistrationGateway.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"FirstName": "x",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(400);
  });
});
