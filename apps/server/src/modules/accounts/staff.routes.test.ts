import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { STAFF_SEARCH_PAGE_SIZE } from '@monitor/contract/staff';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice, type TestDevice } from '../../../test/helpers/device-factories';
import { registerUserDevice } from '../../../test/helpers/devices';

describe('GET /api/staff/users: the staff user search (decision 023)', () => {
  let t: TestApp;
  let staffToken: string;
  let customer: TestUser;
  let customerToken: string;
  let unit: TestDevice;

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createUser(t.ctx, { roles: [ROLE_STAFF], email: 'ops-desk@example.com' });
    staffToken = await signIn(t.app, staff);
    customer = await createUser(t.ctx, { email: 'greenhouse-owner@example.com' });
    customerToken = await signIn(t.app, customer);
    unit = await createDevice(t.ctx);
    await registerUserDevice(t.ctx, { userId: customer.id, deviceId: unit.id });
    // Enough look-alike accounts to fill more than one page.
    for (let index = 0; index < STAFF_SEARCH_PAGE_SIZE + 5; index += 1)
      await createUser(t.ctx, {
        email: `bulk-${String(index).padStart(2, '0')}@crowd.example.com`,
      });
  });
  afterAll(() => t.close());

  const search = (token: string | null, query: string) =>
    injectAs(t.app, token, 'GET', `/api/staff/users?${query}`);
  const ids = (response: Awaited<ReturnType<typeof search>>) =>
    response.json<{ Users: { Id: number }[] }>().Users.map((user) => user.Id);

  it('answers 401 in the error shape without a session', async () => {
    const response = await search(null, 'search=greenhouse');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  it('answers 403 to a customer (accounts-devices-billing §6)', async () => {
    const response = await search(customerToken, 'search=greenhouse');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 403, message: 'Only staff may do this.' } });
  });

  it('finds a customer by part of the e-mail address, with their units', async () => {
    const response = await search(staffToken, 'search=GREENHOUSE-own');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Users: [
        {
          Id: customer.id,
          FullName: 'Test User',
          EmailAddress: 'greenhouse-owner@example.com',
          TenantId: 2,
          IsSubAccount: false,
          Devices: [{ DeviceId: unit.imei, SerialNumber: unit.serialNumber, Name: 'Test unit' }],
          DeviceCount: 1,
        },
      ],
      Total: 1,
      Page: 1,
      PageSize: STAFF_SEARCH_PAGE_SIZE,
    });
  });

  it("finds the owner by a unit's serial number, in any case", async () => {
    const response = await search(staffToken, `search=${unit.serialNumber.toLowerCase()}`);
    expect(ids(response)).toEqual([customer.id]);
  });

  it("finds the owner by a unit's IMEI", async () => {
    expect(ids(await search(staffToken, `search=${unit.imei}`))).toEqual([customer.id]);
  });

  it('finds a sub-account by the unit it was given, and says it is one', async () => {
    const parentUnit = await createDevice(t.ctx);
    const owner = await createUser(t.ctx);
    const ownerRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: parentUnit.id });
    const sub = await createUser(t.ctx, { parentId: owner.id });
    await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: parentUnit.id,
      parentUserDeviceId: ownerRow,
    });
    const body = (await search(staffToken, `search=${parentUnit.imei}`)).json<{
      Users: { Id: number; IsSubAccount: boolean }[];
    }>();
    // By e-mail address, which is random here: compare as a set.
    expect(body.Users.map(({ Id, IsSubAccount }) => ({ Id, IsSubAccount }))).toEqual(
      expect.arrayContaining([
        { Id: owner.id, IsSubAccount: false },
        { Id: sub.id, IsSubAccount: true },
      ]),
    );
    expect(body.Users).toHaveLength(2);
  });

  it('leaves staff accounts out, as they cannot be impersonated', async () => {
    expect(ids(await search(staffToken, 'search=ops-desk'))).toEqual([]);
  });

  it('caps an answer at one page and serves the next page on request', async () => {
    const first = (await search(staffToken, 'search=crowd.example')).json();
    expect(first.Users).toHaveLength(STAFF_SEARCH_PAGE_SIZE);
    expect(first.Total).toBe(STAFF_SEARCH_PAGE_SIZE + 5);
    expect(first.Users[0].EmailAddress).toBe('bulk-00@crowd.example.com');
    const second = (await search(staffToken, 'search=crowd.example&page=2')).json();
    expect(second.Users.map((user: { EmailAddress: string }) => user.EmailAddress)).toEqual(
      [20, 21, 22, 23, 24].map((index) => `bulk-${index}@crowd.example.com`),
    );
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    expect(ids(await search(staffToken, 'search=%%%'))).toEqual([]);
  });

  it('answers 400 in the error shape for a search too short or too long, or a page out of range', async () => {
    for (const query of [
      '',
      'search=ab',
      `search=${'x'.repeat(101)}`,
      'search=crowd&page=0',
      'search=crowd&page=abc',
      'search=crowd&page=26',
    ]) {
      const response = await search(staffToken, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        error: { code: 400, message: expect.any(String) },
      });
    }
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>();
    const parameters = document.paths['/api/staff/users']?.get?.parameters ?? [];
    expect(parameters.map((parameter) => parameter.name).sort()).toEqual(['page', 'search']);
  });
});
