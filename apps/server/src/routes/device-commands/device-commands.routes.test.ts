import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import {
  createDevice,
  deviceAuth,
  registerUserDevice,
  type TestDevice,
} from '../../../test/helpers/devices';

describe('device commands and lastUpdatedTime (device-management §4, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let sub: TestUser;
  let stranger: TestUser;
  let token: string;
  let subToken: string;
  let strangerToken: string;
  let unit: TestDevice;
  let userDeviceId: number;
  let subUserDeviceId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    sub = await createUser(t.ctx, { parentId: owner.id });
    stranger = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    subToken = await signIn(t.app, sub);
    strangerToken = await signIn(t.app, stranger);
    unit = await createDevice(t.ctx, { deviceType: 4 });
    userDeviceId = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    subUserDeviceId = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: unit.id,
      parentUserDeviceId: userDeviceId,
    });
  });
  afterAll(() => t.close());

  const send = (
    id: number | string,
    message: string,
    auth: string | null = token,
    channel = 'sendtext',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/devices/${id}/${channel}/${message}`,
      ...(auth && { headers: bearer(auth) }),
    });
  const waiting = () =>
    t.ctx.db
      .selectFrom('device_commands')
      .selectAll()
      .where('device_id', '=', unit.id)
      .where('acked_at', 'is', null)
      .orderBy('id')
      .execute();
  const ackAll = async () => {
    const ids = (await waiting()).map((c) => c.id);
    await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: { Reports: [], Acks: ids },
    });
  };
  const userDevice = (id: number) =>
    t.ctx.db
      .selectFrom('user_devices')
      .select(['pet_monitor', 'last_requested_time'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("queues RLY and answers 'Relay has been triggered for this device.' (device-management §4)", async () => {
    const response = await send(userDeviceId, 'RLY');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Relay has been triggered for this device.' });
    const [command] = await waiting();
    expect(command).toMatchObject({
      command: 'RLY',
      requested_by_user_id: owner.id,
      created_at: t.ctx.now(),
      delivered_at: null,
    });
  });

  it('queues RPT and UPD over sendtext and sendtcp and answers Ok; the unit collects them on its next call', async () => {
    expect((await send(userDeviceId, 'RPT', token, 'sendtcp')).json()).toEqual({ ok: true });
    expect((await send(userDeviceId, 'UPD')).json()).toEqual({ ok: true });
    const poll = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: { Reports: [] },
    });
    expect(poll.json().Commands.map((c: { Command: string }) => c.Command)).toEqual([
      'RLY',
      'RPT',
      'UPD',
    ]);
    await ackAll();
    expect(await waiting()).toEqual([]);
  });

  it('queues DOG and starts pet monitor on the user device with LastRequestedTime in epoch seconds (device-management §4, §9)', async () => {
    const response = await send(userDeviceId, 'DOG');
    expect(response.json()).toEqual({ ok: true });
    const seconds = Math.floor(t.ctx.now().getTime() / 1000);
    expect(await userDevice(userDeviceId)).toEqual({
      pet_monitor: true,
      last_requested_time: String(seconds),
    });
    expect((await userDevice(subUserDeviceId)).pet_monitor).toBe(true);
    expect((await waiting()).map((c) => c.command)).toEqual(['DOG']);
    await ackAll();
  });

  it('refuses another instant update while pet monitor is active, saying how many hours remain (device-management §4, §8)', async () => {
    t.advanceTime(61 * 60_000);
    const response = await send(userDeviceId, 'RPT');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Pet Monitor is still active on this device. It reports every 20 minutes for 5 more hours.',
    );
    expect(await waiting()).toEqual([]);
    t.advanceTime(6 * 60 * 60_000);
    expect((await send(userDeviceId, 'DOG')).statusCode).toBe(200);
    await ackAll();
  });

  it('refuses an instant update for a muted or inactive device (device-management §8)', async () => {
    await t.ctx.db
      .updateTable('user_devices')
      .set({ mute: true })
      .where('id', '=', userDeviceId)
      .execute();
    expect((await send(userDeviceId, 'RPT')).statusCode).toBe(409);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ mute: false, is_active: false })
      .where('id', '=', userDeviceId)
      .execute();
    const response = await send(userDeviceId, 'RPT');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('not active');
    expect(await waiting()).toEqual([]);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ is_active: true })
      .where('id', '=', userDeviceId)
      .execute();
  });

  it('lets a sub-account send a command through its own row or the owner row it points at', async () => {
    expect((await send(subUserDeviceId, 'RLY', subToken)).statusCode).toBe(200);
    expect((await send(userDeviceId, 'RLY', subToken)).statusCode).toBe(200);
    const commands = await waiting();
    expect(commands.map((c) => [c.command, c.requested_by_user_id])).toEqual([
      ['RLY', sub.id],
      ['RLY', sub.id],
    ]);
    await ackAll();
  });

  it("refuses another user's device (403) and an unknown one (404), queueing nothing", async () => {
    expect((await send(userDeviceId, 'RLY', strangerToken)).statusCode).toBe(403);
    expect((await send(subUserDeviceId, 'RPT', strangerToken)).statusCode).toBe(403);
    expect((await send(999999, 'RLY')).statusCode).toBe(404);
    expect((await send(userDeviceId, 'RLY', null)).statusCode).toBe(401);
    expect(await waiting()).toEqual([]);
  });

  it('answers 400 for a message other than RPT, RLY, UPD or DOG, or a junk id', async () => {
    for (const message of ['REBOOT', 'rpt', 'X']) {
      const response = await send(userDeviceId, message);
      expect(response.statusCode).toBe(400);
    }
    expect((await send('abc', 'RPT')).statusCode).toBe(400);
    expect(await waiting()).toEqual([]);
  });

  describe('GET /api/reportlog/lastUpdatedTime', () => {
    const lastUpdated = (imei: string, auth: string | null = token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reportlog/lastUpdatedTime/?imei=${imei}`,
        ...(auth && { headers: bearer(auth) }),
      });

    it('answers null before any report, then the newest report time', async () => {
      expect((await lastUpdated(unit.imei)).json()).toEqual({ ReportTimestamp: null });
      await t.app.inject({
        method: 'POST',
        url: '/device-api/v1/reports',
        headers: deviceAuth(unit),
        payload: {
          Reports: [
            { ReportTimestamp: '2026-11-22T10:00:00Z', Temperature: 70 },
            { ReportTimestamp: '2026-11-22T10:20:00Z', Temperature: 71 },
          ],
        },
      });
      const response = await lastUpdated(unit.imei);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ReportTimestamp: '2026-11-22T10:20:00.000Z' });
      expect((await lastUpdated(unit.imei, subToken)).json().ReportTimestamp).toBe(
        '2026-11-22T10:20:00.000Z',
      );
    });

    it("refuses another user's unit (403), an unknown IMEI (404) and a malformed one (400)", async () => {
      expect((await lastUpdated(unit.imei, strangerToken)).statusCode).toBe(403);
      expect((await lastUpdated('490154203237518')).statusCode).toBe(404);
      expect((await lastUpdated('12345')).statusCode).toBe(400);
      expect((await lastUpdated(unit.imei, null)).statusCode).toBe(401);
    });
  });
});
