import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, signIn, type TestUser, injectAs } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice, type TestDevice } from '../../../test/helpers/devices';

describe('instant-update counts and resetLastRequestedTime (device-management §4, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let token: string;
  let strangerToken: string;
  let unit: TestDevice;
  let userDeviceId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    stranger = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    strangerToken = await signIn(t.app, stranger);
    unit = await createDevice(t.ctx);
    userDeviceId = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    await t.ctx.db
      .updateTable('user_devices')
      .set({ instant_updates: 2 })
      .where('id', '=', userDeviceId)
      .execute();
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'PUT',
    url: string,
    auth: string | null = token,
    payload?: unknown,
  ) => injectAs(t.app, auth, method, url, payload);

  it('answers the instant updates left on the unit of a serial', async () => {
    const response = await call(
      'GET',
      `/api/users/getInstantUpdates?id=${owner.id}&serialNumber=${unit.serial.toLowerCase()}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ UserDeviceId: userDeviceId, InstantUpdates: 2 });
  });

  it('answers the count on decrement and spends nothing: the unit’s answer spends (issue #22)', async () => {
    const url = `/api/users/decrementInstantUpdate?id=${owner.id}&userdeviceId=${userDeviceId}`;
    for (let i = 0; i < 3; i++) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ UserDeviceId: userDeviceId, InstantUpdates: 2 });
    }
  });

  it("lets a sub-account see the owner's instant updates, not a count of its own (device-management §6; decision 017)", async () => {
    const given = await createDevice(t.ctx);
    const ownerRow = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: given.id,
      instantUpdates: 3,
    });
    const sub = await createUser(t.ctx, { parentId: owner.id });
    const subToken = await signIn(t.app, sub);
    const subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: given.id,
      parentUserDeviceId: ownerRow,
    });
    const left = await call(
      'GET',
      `/api/users/getInstantUpdates?id=${sub.id}&serialNumber=${given.serial}`,
      subToken,
    );
    expect(left.json()).toEqual({ UserDeviceId: subRow, InstantUpdates: 3 });
    const decremented = await call(
      'GET',
      `/api/users/decrementInstantUpdate?id=${sub.id}&userdeviceId=${subRow}`,
      subToken,
    );
    expect(decremented.json()).toEqual({ UserDeviceId: subRow, InstantUpdates: 3 });
  });

  it("refuses another user's counts (403) and a device not theirs (404)", async () => {
    expect(
      (
        await call(
          'GET',
          `/api/users/getInstantUpdates?id=${owner.id}&serialNumber=${unit.serial}`,
          strangerToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          `/api/users/decrementInstantUpdate?id=${stranger.id}&userdeviceId=${userDeviceId}`,
          strangerToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/api/users/getInstantUpdates?id=${stranger.id}&serialNumber=${unit.serial}`,
          strangerToken,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('resets LastRequestedTime only on the caller’s Device OFF (muted) units (device-management §4)', async () => {
    await t.ctx.db
      .updateTable('user_devices')
      .set({ last_requested_time: 1_700_000_000, mute: false })
      .where('id', '=', userDeviceId)
      .execute();
    await call('PUT', '/api/users/resetLastRequestedTime', strangerToken, [unit.serial]);
    await call('PUT', '/api/users/resetLastRequestedTime', token, [unit.serial]);
    const kept = await t.ctx.db
      .selectFrom('user_devices')
      .select('last_requested_time')
      .where('id', '=', userDeviceId)
      .executeTakeFirstOrThrow();
    expect(kept.last_requested_time).toBe('1700000000');
    await t.ctx.db
      .updateTable('user_devices')
      .set({ mute: true })
      .where('id', '=', userDeviceId)
      .execute();
    expect(
      (await call('PUT', '/api/users/resetLastRequestedTime', strangerToken, [unit.serial]))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.ctx.db
          .selectFrom('user_devices')
          .select('last_requested_time')
          .where('id', '=', userDeviceId)
          .executeTakeFirstOrThrow()
      ).last_requested_time,
    ).toBe('1700000000');
    const response = await call('PUT', '/api/users/resetLastRequestedTime', token, [unit.serial]);
    expect(response.json()).toEqual({ ok: true });
    const cleared = await t.ctx.db
      .selectFrom('user_devices')
      .select('last_requested_time')
      .where('id', '=', userDeviceId)
      .executeTakeFirstOrThrow();
    expect(cleared.last_requested_time).toBeNull();
  });

  it('answers 400 for junk and 401 without a token', async () => {
    expect(
      (await call('GET', '/api/users/getInstantUpdates?id=abc&serialNumber=X')).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/users/resetLastRequestedTime', token, ['bad serial!'])).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/users/resetLastRequestedTime', null, [])).statusCode).toBe(401);
  });
});
