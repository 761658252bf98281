import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';

const address = (userId: number, extra: Record<string, unknown> = {}) => ({
  UserId: userId,
  Default: true,
  FirstName: 'Dana',
  LastName: 'Demo',
  Address1: '1 Main St',
  Address2: '',
  City: 'Rochester',
  State: 'ny',
  Zip: '14624',
  PhoneNumber: '(585) 555-0101',
  ...extra,
});

describe('billing addresses (accounts-devices-billing §3, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    other = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    otherToken = await signIn(t.app, other);
  });
  afterAll(() => t.close());

  const post = (body: unknown, auth: string | null = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billingaddresses',
      payload: body as object,
      ...(auth && { headers: bearer(auth) }),
    });
  const put = (id: number | string, body: unknown, auth: string | null = token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/billingaddresses/${id}`,
      payload: body as object,
      ...(auth && { headers: bearer(auth) }),
    });
  const get = (url: string, auth: string | null = token) =>
    t.app.inject({ method: 'GET', url, ...(auth && { headers: bearer(auth) }) });

  it('saves an address and stores the phone as 11 digits with a leading 1 (accounts-devices-billing §3)', async () => {
    const response = await post(address(owner.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      UserId: owner.id,
      Default: true,
      Address2: null,
      State: 'NY',
      PhoneNumber: '15855550101',
    });
  });

  it('answers the default address for user_id and default=true, as an array (accounts-devices-billing §7)', async () => {
    const response = await get(`/api/billingaddresses?user_id=${owner.id}&default=true`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ UserId: owner.id, Default: true, City: 'Rochester' });
  });

  it('shows the default address on the User entity (accounts-devices-billing §3)', async () => {
    const me = await get(`/api/users/${owner.id}`);
    expect(me.json().DefaultBillingAddress).toMatchObject({ Zip: '14624', Default: true });
  });

  it('keeps a single default: saving another as default unsets the others (accounts-devices-billing §2)', async () => {
    const second = (await post(address(owner.id, { City: 'Buffalo' }))).json();
    const all = (await get(`/api/billingaddresses?user_id=${owner.id}`)).json();
    expect(all.filter((a: { Default: boolean }) => a.Default)).toEqual([
      expect.objectContaining({ Id: second.Id, City: 'Buffalo' }),
    ]);
    const first = all.find((a: { Id: number }) => a.Id !== second.Id);
    const back = await put(first.Id, address(owner.id, { City: 'Syracuse' }));
    expect(back.statusCode).toBe(200);
    const defaults = (await get(`/api/billingaddresses?user_id=${owner.id}&default=true`)).json();
    expect(defaults).toEqual([expect.objectContaining({ Id: first.Id, City: 'Syracuse' })]);
  });

  it('keeps the current default when an address is saved with Default=false', async () => {
    const before = (await get(`/api/billingaddresses?user_id=${owner.id}&default=true`)).json();
    const extra = (await post(address(owner.id, { Default: false, City: 'Albany' }))).json();
    expect(extra.Default).toBe(false);
    const after = (await get(`/api/billingaddresses?user_id=${owner.id}&default=true`)).json();
    expect(after).toEqual(before);
  });

  it('answers one address of the caller by id', async () => {
    const created = (await post(address(owner.id, { Default: false, City: 'Ithaca' }))).json();
    const response = await get(`/api/billingaddresses/${created.Id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Id: created.Id, City: 'Ithaca' });
  });

  it('does not store a phone with fewer than 10 digits (accounts-devices-billing §5)', async () => {
    const response = await post(address(owner.id, { Default: false, PhoneNumber: '555-0101' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().PhoneNumber).toBeNull();
  });

  it("answers 400 'Enter a phone number of 10 digits.' for letters or more than 11 digits", async () => {
    for (const phone of ['585-CALL-NOW', '1585555010199']) {
      const response = await post(address(owner.id, { PhoneNumber: phone }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 400, message: 'Enter a phone number of 10 digits.' },
      });
    }
  });

  it("answers 403 for another user's addresses: listing, reading, adding and changing", async () => {
    const mine = (await post(address(owner.id, { Default: false, City: 'Mine' }))).json();
    expect((await get(`/api/billingaddresses?user_id=${owner.id}`, otherToken)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/billingaddresses/${mine.Id}`, otherToken)).statusCode).toBe(403);
    expect((await post(address(owner.id), otherToken)).statusCode).toBe(403);
    expect((await put(mine.Id, address(other.id), otherToken)).statusCode).toBe(403);
    expect((await put(mine.Id, address(owner.id), otherToken)).statusCode).toBe(403);
    expect((await get(`/api/billingaddresses/${mine.Id}`)).json().City).toBe('Mine');
  });

  it('does not let a user move their own address to another user', async () => {
    const mine = (await post(address(owner.id, { Default: false }))).json();
    expect((await put(mine.Id, address(other.id))).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect(
      (await get(`/api/billingaddresses?user_id=${owner.id}&default=true`, null)).statusCode,
    ).toBe(401);
    expect((await get('/api/billingaddresses/1', null)).statusCode).toBe(401);
    expect((await post(address(owner.id), null)).statusCode).toBe(401);
    expect((await put(1, address(owner.id), null)).statusCode).toBe(401);
  });

  it('answers 404 for an address that does not exist', async () => {
    expect((await get('/api/billingaddresses/999999')).statusCode).toBe(404);
    expect((await put(999999, address(owner.id))).statusCode).toBe(404);
  });

  it('answers an empty array for a user without addresses', async () => {
    const response = await get(
      `/api/billingaddresses?user_id=${other.id}&default=true`,
      otherToken,
    );
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['a missing city', { City: undefined }],
    ['a zip that is a number', { Zip: 14624 }],
    ['Default that is text', { Default: 'yes' }],
    ['a UserId that is not a number', { UserId: 'me' }],
    ['a state longer than 3 letters', { State: 'New York' }],
  ])('answers 400, not 500, for %s', async (_label, extra) => {
    const response = await post(address(owner.id, extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(400);
  });

  it('answers 400, not 500, for junk ids and queries', async () => {
    expect((await get('/api/billingaddresses/abc')).statusCode).toBe(400);
    expect((await get('/api/billingaddresses?user_id=abc')).statusCode).toBe(400);
    expect((await get('/api/billingaddresses')).statusCode).toBe(400);
    expect((await get(`/api/billingaddresses?user_id=${owner.id}&default=maybe`)).statusCode).toBe(
      400,
    );
    expect((await put('1.5', address(owner.id))).statusCode).toBe(400);
  });

  it('answers 400 for a malformed JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billingaddresses',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '[{',
    });
    expect(response.statusCode).toBe(400);
  });
});
