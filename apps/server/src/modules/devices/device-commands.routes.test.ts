import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import {
  createDevice,
  deviceAuth,
  registerUserDevice,
  type TestDevice,
} from '../../../test/helpers/devices';
import { addDeviceReadings } from '../../../test/helpers/readings';

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
    // The owner bought instant updates and the pet monitor upgrade (modules/entitlements).
    userDeviceId = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: unit.id,
      instantUpdates: 50,
      petMonitor: true,
    });
    subUserDeviceId = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: unit.id,
      parentUserDeviceId: userDeviceId,
      petMonitor: true,
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

  it("judges a basic unit's power by its newest reading, in a month before its last report time too (device-management §4, §8; decision 077)", async () => {
    const basic = await createDevice(t.ctx, { deviceType: 1 });
    const row = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: basic.id,
      instantUpdates: 5,
    });
    // October's last reading says OFF; the last report time says December, when none is stored.
    await addDeviceReadings(t.ctx, basic.id, {
      from: new Date('2026-10-30T00:00:00Z'),
      count: 3,
      power: 'case when i = 2 then 0 else 1 end',
    });
    await t.ctx.db
      .updateTable('devices')
      .set({ last_report_at: new Date('2026-12-03T00:00:00Z') })
      .where('id', '=', basic.id)
      .execute();
    const off = await send(row, 'RPT');
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(DEVICE_RULE_MESSAGES.instantUpdateDeviceOff);
    await addDeviceReadings(t.ctx, basic.id, { from: new Date('2026-11-22T11:00:00Z'), count: 1 });
    expect((await send(row, 'RPT')).statusCode).toBe(200);
  });

  it('lets a sub-account ask its own row for a report (RPT) and nothing that changes the unit: RLY, UPD, DOG are 403 (device-management §6)', async () => {
    const given = await createDevice(t.ctx, { deviceType: 4 });
    const ownerRow = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: given.id,
      instantUpdates: 5,
    });
    const subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: given.id,
      parentUserDeviceId: ownerRow,
    });
    const queued = () =>
      t.ctx.db
        .selectFrom('device_commands')
        .select(['command', 'requested_by_user_id'])
        .where('device_id', '=', given.id)
        .orderBy('id')
        .execute();
    for (const command of ['RLY', 'UPD', 'DOG'])
      for (const channel of ['sendtext', 'sendtcp']) {
        const refused = await send(subRow, command, subToken, channel);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error: { code: 403 } });
      }
    // The owner's row is the owner's: a sub-account names the unit through its own row or IMEI.
    expect((await send(ownerRow, 'RPT', subToken)).statusCode).toBe(403);
    expect(await queued()).toEqual([]);
    expect((await send(subRow, 'RPT', subToken)).statusCode).toBe(200);
    expect((await send(given.imei, 'RPT', subToken, 'sendtcp')).statusCode).toBe(200);
    expect(await queued()).toEqual([
      { command: 'RPT', requested_by_user_id: sub.id },
      { command: 'RPT', requested_by_user_id: sub.id },
    ]);
  });

  it("takes the unit's IMEI as well as the user device Id on sendtext and sendtcp (device-management §3, §7)", async () => {
    for (const channel of ['sendtext', 'sendtcp'])
      expect((await send(unit.imei, 'UPD', token, channel)).statusCode).toBe(200);
    expect((await send(unit.imei, 'RLY', strangerToken)).statusCode).toBe(403);
    expect((await send('490154203237518', 'RLY')).statusCode).toBe(404);
    expect((await waiting()).map((c) => c.command)).toEqual(['UPD', 'UPD']);
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
    for (const id of ['abc', '0', '99999999999999', '1234567890123456']) {
      const response = await send(id, 'RPT');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Enter a device id or IMEI.');
    }
    expect(await waiting()).toEqual([]);
  });

  describe('GET /api/reportlog/lastUpdatedTime', () => {
    const report = (times: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/device-api/v1/reports',
        headers: deviceAuth(unit),
        payload: { Reports: times.map((at) => ({ ReportTimestamp: at, Temperature: 70 })) },
      });
    const lastUpdated = (imei: string, auth: string | null = token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reportlog/lastUpdatedTime/?imei=${imei}`,
        ...(auth && { headers: bearer(auth) }),
      });

    it('answers null before any report, then the newest report time', async () => {
      expect((await lastUpdated(unit.imei)).json()).toEqual({ ReportTimestamp: null });
      await report(['2026-11-22T10:00:00Z', '2026-11-22T10:20:00Z']);
      const response = await lastUpdated(unit.imei);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ReportTimestamp: '2026-11-22T10:20:00.000Z' });
    });

    it('answers a sub-account only reports from when it was given the unit (device-management §5, §6)', async () => {
      // The sub-account's row was made at the test clock's start, 12:00.
      await report(['2026-11-22T11:00:00Z']);
      expect((await lastUpdated(unit.imei, subToken)).json()).toEqual({ ReportTimestamp: null });
      await report(['2026-11-22T12:05:00Z']);
      expect((await lastUpdated(unit.imei, subToken)).json()).toEqual({
        ReportTimestamp: '2026-11-22T12:05:00.000Z',
      });
    });

    it("refuses another user's unit (403), an unknown IMEI (404) and a malformed one (400)", async () => {
      expect((await lastUpdated(unit.imei, strangerToken)).statusCode).toBe(403);
      expect((await lastUpdated('490154203237518')).statusCode).toBe(404);
      expect((await lastUpdated('12345')).statusCode).toBe(400);
      expect((await lastUpdated(unit.imei, null)).statusCode).toBe(401);
    });
  });
});
