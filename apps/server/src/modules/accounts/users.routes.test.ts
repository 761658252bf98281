import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import { ROLE_SUBACCOUNT } from '@monitor/domain/accounts/roles';
import { insertBillingAddress } from './billing-addresses.repository';
import { findUserById, updateUser } from './users.repository';

describe('GET and PUT /api/users/{Id}', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx, { email: 'owner@example.com' });
    other = await createUser(t.ctx, { email: 'other@example.com' });
    token = await signIn(t.app, owner);
  });
  afterAll(() => t.close());

  const put = (id: number | string, payload: unknown, auth = token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: bearer(auth),
      payload: payload as object,
    });

  it('answers the User entity of the caller (accounts-devices-billing §3)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Id: owner.id,
      EmailAddress: 'owner@example.com',
      CustomerId: null,
      BillingType: 0,
      SubAccount: null,
      UserPref: { UserId: owner.id, TempPref: 'F' },
      Roles: [],
      DefaultBillingAddress: null,
    });
    expect(response.json().AccessToken).toBeUndefined();
  });

  it('shows sorted roles, the parent of a sub-account and only the default billing address (accounts-devices-billing §3)', async () => {
    const parent = await createUser(t.ctx, { email: 'parent@example.com' });
    await updateUser(t.ctx.db, parent.id, { first_name: 'Pat', last_name: 'Parent' });
    const sub = await createUser(t.ctx, { parentId: parent.id, roles: [ROLE_SUBACCOUNT, 'ALPHA'] });
    const address = {
      user_id: sub.id,
      first_name: 'Sam',
      last_name: 'Sub',
      address1: '1 Main St',
      city: 'Rochester',
      state: 'NY',
      zip: '14624',
      phone_number: '15855550100',
    };
    await insertBillingAddress(t.ctx.db, { ...address, is_default: false, zip: '10001' });
    const home = await insertBillingAddress(t.ctx.db, { ...address, is_default: true });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${sub.id}`,
      headers: bearer(await signIn(t.app, sub)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Id: sub.id,
      SubAccount: {
        ParentId: parent.id,
        ParentName: 'Pat Parent',
        DateCreated: sub.created_at.toISOString(),
      },
      Roles: [{ Name: 'ALPHA' }, { Name: ROLE_SUBACCOUNT }],
      DefaultBillingAddress: {
        Id: home.id,
        UserId: sub.id,
        Default: true,
        FirstName: 'Sam',
        LastName: 'Sub',
        Address1: '1 Main St',
        Address2: null,
        City: 'Rochester',
        State: 'NY',
        Zip: '14624',
        PhoneNumber: '15855550100',
      },
    });
  });

  it("answers 403 for another user's account, to read or to change (accounts-devices-billing §6)", async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/users/${other.id}`,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(403);
    const write = await put(other.id, { FirstName: 'Hacked' });
    expect(write.statusCode).toBe(403);
    expect((await findUserById(t.ctx.db, other.id))?.first_name).toBe('Test');
  });

  it('answers 401 without a token, so the web app signs out (accounts-devices-billing §4)', async () => {
    const read = await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}` });
    expect(read.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.id}`,
      payload: { FirstName: 'X' },
    });
    expect(write.statusCode).toBe(401);
  });

  it('updates names with the first letter capitalised, e-mail address and temperature unit (accounts-devices-billing §2)', async () => {
    const response = await put(owner.id, {
      FirstName: 'robin',
      LastName: 'o’neil',
      EmailAddress: 'Robin@Example.com',
      CurrentPassword: owner.password,
      UserPref: { TempPref: 'C' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      FirstName: 'Robin',
      LastName: 'O’neil',
      FullName: 'Robin O’neil',
      EmailAddress: 'robin@example.com',
      UserPref: { TempPref: 'C' },
    });
    expect((await findUserById(t.ctx.db, owner.id))?.temp_pref).toBe('C');
  });

  it('accepts the whole User entity as the body, as the account page sends it', async () => {
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}`, headers: bearer(token) })
    ).json();
    const response = await put(owner.id, {
      ...current,
      UserPref: { ...current.UserPref, TempPref: 'F' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().UserPref.TempPref).toBe('F');
  });

  it('answers the user unchanged for an empty body', async () => {
    const response = await put(owner.id, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().Id).toBe(owner.id);
  });

  it('changes the sign-in e-mail only with the current password, tells the old address and records it (issue #22)', async () => {
    const user = await createUser(t.ctx, { email: 'before@example.com' });
    const own = await signIn(t.app, user);
    const withoutPassword = await put(user.id, { EmailAddress: 'after@example.com' }, own);
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().error.message).toBe(
      'Enter your current password to change your e-mail address.',
    );
    const wrongPassword = await put(
      user.id,
      { EmailAddress: 'after@example.com', CurrentPassword: 'not it' },
      own,
    );
    expect(wrongPassword.json()).toEqual({
      error: { code: 400, message: 'The current password is not correct.' },
    });
    expect((await findUserById(t.ctx.db, user.id))?.email_address).toBe('before@example.com');
    const changed = await put(
      user.id,
      { EmailAddress: 'after@example.com', CurrentPassword: user.password },
      own,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().EmailAddress).toBe('after@example.com');
    const notice = await t.ctx.db
      .selectFrom('deliveries')
      .select(['address', 'subject', 'body'])
      .where('kind', '=', 'email-changed')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(notice.address).toBe('before@example.com');
    expect(notice.body).toContain('was changed to after@example.com');
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'detail'])
      .where('user_id', '=', user.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'account.email-change',
        actor_id: user.id,
        detail: { from: 'before@example.com', to: 'after@example.com' },
      },
    ]);
  });

  it("answers 409 'Email address is already in use.' for another account's address (store-and-public-site §8)", async () => {
    const response = await put(owner.id, {
      EmailAddress: 'OTHER@example.com',
      CurrentPassword: owner.password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 409, message: 'Email address is already in use.' },
    });
  });

  it('lets the user keep their own address in another letter case', async () => {
    const me = await findUserById(t.ctx.db, owner.id);
    const response = await put(owner.id, { EmailAddress: me?.email_address.toUpperCase() });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a temperature unit other than F or C', { UserPref: { TempPref: 'K' } }],
    ['an empty first name', { FirstName: '  ' }],
    ['a last name that is a number', { LastName: 7 }],
    ['an invalid e-mail address', { EmailAddress: 'nope' }],
  ])('answers 400 for %s (accounts-devices-billing §5)', async (_label, body) => {
    const response = await put(owner.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(400);
  });

  it('answers 400, not 500, for ids that are not numbers or too large', async () => {
    for (const id of ['abc', '0', '1e3x', '99999999999']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/${id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers 400 for a malformed JSON body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.id}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"FirstName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(400);
  });
});

describe('POST /api/users/saveProductOrigin', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
  });
  afterAll(() => t.close());

  const save = (payload: unknown, auth: string | null = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/saveProductOrigin',
      payload: payload as object,
      ...(auth && { headers: bearer(auth) }),
    });

  it('saves origin and segment with Other text only for Other (store-and-public-site §3, §4)', async () => {
    const response = await save({
      UserId: owner.id,
      ProductOrigin: 1,
      ProductOriginOther: 'ignored',
      CustomerSegmentation: 7,
      SegmentationOther: 'Boat house',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await findUserById(t.ctx.db, owner.id)).toMatchObject({
      product_origin: 1,
      product_origin_other: null,
      customer_segmentation: 7,
      segmentation_other: 'Boat house',
    });
  });

  it('stores segment 8 when none is chosen (store-and-public-site §3)', async () => {
    await save({ UserId: owner.id, ProductOrigin: 9, ProductOriginOther: 'Radio' });
    expect(await findUserById(t.ctx.db, owner.id)).toMatchObject({
      product_origin: 9,
      product_origin_other: 'Radio',
      customer_segmentation: 8,
      segmentation_other: null,
    });
  });

  it("answers 403 for another user's record", async () => {
    const other = await createUser(t.ctx);
    const response = await save({ UserId: other.id, ProductOrigin: 1 });
    expect(response.statusCode).toBe(403);
    expect((await findUserById(t.ctx.db, other.id))?.product_origin).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await save({ UserId: owner.id, ProductOrigin: 1 }, null)).statusCode).toBe(401);
  });

  it('answers 400 for options that do not exist and for junk types', async () => {
    expect((await save({ UserId: owner.id, ProductOrigin: 42 })).statusCode).toBe(400);
    expect((await save({ UserId: owner.id, CustomerSegmentation: 'two' })).statusCode).toBe(400);
    expect((await save({ UserId: 'me' })).statusCode).toBe(400);
  });
});
