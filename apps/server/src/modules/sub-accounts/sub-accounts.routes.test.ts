import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import {
  attachPuck,
  createDevice,
  registerUserDevice,
  type TestDevice,
} from '../../../test/helpers/devices';

const HOUR = 60 * 60 * 1000;

describe('sub-account calls (device-management §4 "Sub-account flow", §6, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let ownerToken: string;
  let strangerToken: string;
  let unit: TestDevice;
  let otherUnit: TestDevice;
  let ownerRowId: number;
  let otherOwnerRowId: number;
  let strangerRowId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    stranger = await createUser(t.ctx);
    ownerToken = await signIn(t.app, owner);
    strangerToken = await signIn(t.app, stranger);
    unit = await createDevice(t.ctx);
    otherUnit = await createDevice(t.ctx, { deviceType: 8 });
    ownerRowId = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    otherOwnerRowId = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: otherUnit.id });
    const strangerUnit = await createDevice(t.ctx);
    strangerRowId = await registerUserDevice(t.ctx, {
      userId: stranger.id,
      deviceId: strangerUnit.id,
    });
  });
  afterAll(() => t.close());

  let sequence = 0;
  const subRegistration = (extra: Record<string, unknown> = {}) => ({
    FirstName: 'sam',
    LastName: 'jones',
    EmailAddress: `sub-${(sequence += 1)}-${Date.now()}@example.com`,
    Password: 'sub password 1',
    ConfirmPassword: 'sub password 1',
    ParentId: owner.id,
    DeviceId: ownerRowId,
    ...extra,
  });
  const createSub = (extra: Record<string, unknown> = {}, token: string | null = ownerToken) =>
    injectAs(t.app, token, 'POST', '/RegistrationGateway.php', subRegistration(extra));

  it('creates a sub-account through the registration call: capitalised names, SUBACCOUNT role, the parent stays signed in (§4, §5, §7)', async () => {
    const response = await createSub();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      FirstName: 'Sam',
      LastName: 'Jones',
      TenantId: owner.tenant_id,
      Roles: [{ Name: 'SUBACCOUNT' }],
      SubAccount: { ParentId: owner.id, ParentName: 'Test User' },
    });
    expect(body.AccessToken).toBeUndefined();
    const me = await injectAs(t.app, ownerToken, 'GET', `/api/users/${owner.id}`);
    expect(me.json().Id).toBe(owner.id);
  });

  it('sends the new sub-account a welcome e-mail by default (SendEmail default yes, §3), and none when SendEmail is false', async () => {
    const before = t.sentMail.length;
    const withMail = (await createSub()).json();
    expect(t.sentMail.length).toBe(before + 1);
    const mail = t.sentMail.at(-1);
    expect(mail?.to).toBe(withMail.EmailAddress);
    expect(mail?.text).toContain('Test User has given you access');
    expect(mail?.text).not.toContain('sub password 1');
    expect((await createSub({ SendEmail: false })).statusCode).toBe(200);
    expect(t.sentMail.length).toBe(before + 1);
  });

  it('lets the sub-account sign in and see only the device it was given (§6)', async () => {
    const registration = subRegistration();
    const created = (await createSub(registration)).json();
    const subToken = await signIn(t.app, {
      email_address: registration.EmailAddress,
      password: registration.Password,
    });
    const devices = await injectAs(t.app, subToken, 'GET', `/api/users/${created.Id}/devices`);
    expect(devices.statusCode).toBe(200);
    const list = devices.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ DeviceId: unit.imei, SubAccountDevice: true });
  });

  it("refuses a sub-account on another user's device or in another parent's name (403), and without a session (401)", async () => {
    expect((await createSub({ DeviceId: strangerRowId })).statusCode).toBe(403);
    expect((await createSub({ ParentId: stranger.id })).statusCode).toBe(403);
    expect((await createSub({ ParentId: stranger.id }, strangerToken)).statusCode).toBe(403);
    expect((await createSub({}, null)).statusCode).toBe(401);
    expect((await createSub({ DeviceId: 999_999 })).statusCode).toBe(404);
  });

  it('answers an e-mail already in use with 409 and its message (for "Could not create Sub Account." plus it, §8)', async () => {
    const response = await createSub({ EmailAddress: stranger.email_address });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Email address is already in use.');
  });

  it("lists the parent's sub-accounts with their row on the device, and refuses anyone else (403)", async () => {
    const created = (await createSub({ FirstName: 'aaron', LastName: 'abbot' })).json();
    const response = await injectAs(
      t.app,
      ownerToken,
      'GET',
      `/api/users/getAllSubAccounts?userId=${owner.id}&deviceId=${ownerRowId}`,
    );
    expect(response.statusCode).toBe(200);
    const row = response.json().find((sub: { Id: number }) => sub.Id === created.Id);
    expect(row).toMatchObject({ FirstName: 'Aaron', ParentId: owner.id });
    expect(row.SubUserDeviceId).toEqual(expect.any(Number));
    const onOther = await injectAs(
      t.app,
      ownerToken,
      'GET',
      `/api/users/getAllSubAccounts?userId=${owner.id}&deviceId=${otherOwnerRowId}`,
    );
    expect(
      onOther.json().find((sub: { Id: number }) => sub.Id === created.Id).SubUserDeviceId,
    ).toBeNull();
    const asStranger = (query: string) =>
      injectAs(t.app, strangerToken, 'GET', `/api/users/getAllSubAccounts?${query}`);
    expect((await asStranger(`userId=${owner.id}&deviceId=${ownerRowId}`)).statusCode).toBe(403);
    expect((await asStranger(`userId=${stranger.id}&deviceId=${ownerRowId}`)).statusCode).toBe(403);
  });

  it('says whether the device is the user\'s own for the sub-account page ("This device is not associated with the user.", §5)', async () => {
    const check = (token: string, userId: number, deviceId: number) =>
      injectAs(
        t.app,
        token,
        'GET',
        `/api/users/checkMarcellProValidity?deviceId=${deviceId}&userId=${userId}`,
      );
    const mine = await check(ownerToken, owner.id, ownerRowId);
    expect(mine.json()).toMatchObject({ IsValid: true, SerialNumber: unit.serial });
    const theirs = await check(strangerToken, stranger.id, ownerRowId);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({
      IsValid: false,
      UserDeviceId: ownerRowId,
      SerialNumber: null,
      Name: null,
      DeviceType: null,
    });
    expect((await check(strangerToken, owner.id, ownerRowId)).statusCode).toBe(403);
    const registration = subRegistration();
    const sub = (await createSub(registration)).json();
    const subToken = await signIn(t.app, {
      email_address: registration.EmailAddress,
      password: registration.Password,
    });
    const subRow = (
      await injectAs(t.app, subToken, 'GET', `/api/users/${sub.Id}/devices`)
    ).json()[0].Id;
    expect((await check(subToken, sub.Id, subRow)).json().IsValid).toBe(false);
  });

  it('fetches and edits a sub-account with capitalised names; another user gets 403, an unknown one 404', async () => {
    const sub = (await createSub()).json();
    const details = await injectAs(
      t.app,
      ownerToken,
      'GET',
      `/api/users/fetchSubAccountDetails?id=${sub.Id}`,
    );
    expect(details.json()).toMatchObject({
      Id: sub.Id,
      ParentName: 'Test User',
      Devices: [{ UserDeviceId: ownerRowId, SerialNumber: unit.serial }],
    });
    const edit = (token: string, body: object) =>
      injectAs(t.app, token, 'PUT', '/api/users/editSubAccountDetails', body);
    const edited = await edit(ownerToken, { Id: sub.Id, FirstName: 'robin', LastName: 'lee' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ FirstName: 'Robin', LastName: 'Lee' });
    expect(
      (await edit(strangerToken, { Id: sub.Id, FirstName: 'x', LastName: 'y' })).statusCode,
    ).toBe(403);
    expect(
      (
        await injectAs(
          t.app,
          strangerToken,
          'GET',
          `/api/users/fetchSubAccountDetails?id=${sub.Id}`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(t.app, ownerToken, 'GET', '/api/users/fetchSubAccountDetails?id=999999'))
        .statusCode,
    ).toBe(404);
  });

  it('adds an existing sub-account to another device once (409 the second time) and removes it from a device', async () => {
    const sub = (await createSub()).json();
    const add = (token: string, deviceId: number) =>
      injectAs(t.app, token, 'POST', '/api/users/addSubAccountToDevice', {
        deviceId,
        userId: sub.Id,
      });
    expect((await add(strangerToken, strangerRowId)).statusCode).toBe(403);
    expect((await add(ownerToken, strangerRowId)).statusCode).toBe(403);
    const added = await add(ownerToken, otherOwnerRowId);
    expect(added.statusCode).toBe(200);
    const subUserDeviceId = added.json().SubUserDeviceId;
    expect((await add(ownerToken, otherOwnerRowId)).statusCode).toBe(409);
    const remove = (token: string) =>
      injectAs(
        t.app,
        token,
        'DELETE',
        `/api/users/removeSubAccount?subUserId=${sub.Id}&subUserDeviceId=${subUserDeviceId}`,
      );
    expect((await remove(strangerToken)).statusCode).toBe(403);
    expect((await remove(ownerToken)).statusCode).toBe(200);
    expect((await remove(ownerToken)).statusCode).toBe(404);
    const details = (
      await injectAs(t.app, ownerToken, 'GET', `/api/users/fetchSubAccountDetails?id=${sub.Id}`)
    ).json();
    expect(details.Devices.map((d: { UserDeviceId: number }) => d.UserDeviceId)).toEqual([
      ownerRowId,
    ]);
  });

  it('deletes a sub-account: its sessions stop working; another user gets 403', async () => {
    const registration = subRegistration();
    const sub = (await createSub(registration)).json();
    const subToken = await signIn(t.app, {
      email_address: registration.EmailAddress,
      password: registration.Password,
    });
    const del = (token: string) =>
      injectAs(t.app, token, 'DELETE', `/api/users/deleteSubAccount?subUserId=${sub.Id}`);
    expect((await del(strangerToken)).statusCode).toBe(403);
    expect((await del(ownerToken)).statusCode).toBe(200);
    expect((await injectAs(t.app, subToken, 'GET', `/api/users/${sub.Id}`)).statusCode).toBe(401);
    expect((await del(ownerToken)).statusCode).toBe(404);
  });

  it('shows a sub-account records only from its creation date (§4 "Sub-account user")', async () => {
    const puck = await attachPuck(t.ctx, unit.id);
    const old = new Date(t.ctx.now().getTime() - 2 * HOUR);
    // On the unit before that reading, so the owner sees it (decision 017).
    await t.ctx.db
      .updateTable('peripherals')
      .set({ attached_at: new Date(old.getTime() - HOUR) })
      .where('id', '=', puck.id)
      .execute();
    await t.ctx.db
      .insertInto('device_reports')
      .values({ device_id: unit.id, report_timestamp: old, temperature: 70 })
      .execute();
    await t.ctx.db
      .insertInto('peripheral_reports')
      .values({ peripheral_id: puck.id, report_timestamp: old, temperature: 60 })
      .execute();
    const registration = subRegistration();
    const sub = (await createSub(registration)).json();
    const subToken = await signIn(t.app, {
      email_address: registration.EmailAddress,
      password: registration.Password,
    });
    const subRow = (
      await injectAs(t.app, subToken, 'GET', `/api/users/${sub.Id}/devices`)
    ).json()[0].Id;
    const latest = (token: string, id: number) =>
      injectAs(t.app, token, 'GET', `/api/reportlog/devices/${id}`);
    const spuckLog = (token: string) =>
      injectAs(t.app, token, 'GET', `/api/reportlog/getSpuckLog?spuckId=${puck.serial}&page=1`);
    expect((await latest(ownerToken, ownerRowId)).json().ReportTimestamp).toBe(old.toISOString());
    expect((await latest(subToken, subRow)).json().ReportTimestamp).toBeNull();
    expect((await spuckLog(ownerToken)).json()).toHaveLength(1);
    expect((await spuckLog(subToken)).json()).toHaveLength(0);

    const fresh = new Date(t.ctx.now().getTime() + HOUR);
    await t.ctx.db
      .insertInto('device_reports')
      .values({ device_id: unit.id, report_timestamp: fresh, temperature: 71 })
      .execute();
    await t.ctx.db
      .insertInto('peripheral_reports')
      .values({ peripheral_id: puck.id, report_timestamp: fresh, temperature: 61 })
      .execute();
    expect((await latest(subToken, subRow)).json().ReportTimestamp).toBe(fresh.toISOString());
    expect((await spuckLog(subToken)).json()).toHaveLength(1);
  });

  it('renames the parent from one name field (capitalised) and refuses renaming anyone else (403)', async () => {
    const parent = await createUser(t.ctx);
    const token = await signIn(t.app, parent);
    const response = await injectAs(t.app, token, 'PUT', '/api/users/editParentName', {
      id: parent.id,
      name: 'maria de la cruz',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ FirstName: 'Maria', LastName: 'De la cruz' });
    expect(
      (
        await injectAs(t.app, strangerToken, 'PUT', '/api/users/editParentName', {
          id: parent.id,
          name: 'x y',
        })
      ).statusCode,
    ).toBe(403);
  });
});
