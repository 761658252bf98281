import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  createUser,
  signIn,
  type TestUser,
  injectAs,
  type HttpMethod,
} from '../../../test/helpers/factories';
import { addPuckReport, createDevice, createPuck } from '../../../test/helpers/device-factories';
import { addPuckReadings } from '../../../test/helpers/readings';

describe('peripherals (device-management §4, §5, §7, §9)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    otherToken = await signIn(t.app, await createUser(t.ctx));
  });
  afterAll(() => t.close());

  const call = (method: HttpMethod, url: string, body?: unknown, auth = token) =>
    injectAs(t.app, auth, method, url, body);
  const newUserDevice = async (firmwareVersion = '10.6') => {
    const device = await createDevice(t.ctx, { firmwareVersion });
    const ud = (
      await call('POST', `/api/users/${owner.id}/devices`, {
        SerialNumber: device.serialNumber,
        Name: 'Unit',
      })
    ).json<{ Id: number }>();
    return { device, userDeviceId: ud.Id };
  };
  const attach = (userDeviceId: number, serial: string, location: string, auth = token) =>
    call(
      'POST',
      '/api/peripherals',
      {
        DeviceId: userDeviceId,
        SerialNumber: serial,
        Name: `Puck ${location}`,
        Location: location,
      },
      auth,
    );

  it('attaches a puck with wizard-default alarm points for the sensors of its logic level (device-management §4, §9)', async () => {
    const { device, userDeviceId } = await newUserDevice();
    const puck = await createPuck(t.ctx, { logicLevel: 32775 });
    const response = await attach(
      userDeviceId,
      `${puck.serial.slice(0, 2)}-${puck.serial.slice(2, 4)}-${puck.serial.slice(4, 6)}-${puck.serial.slice(6)}`,
      'Freezer',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      Id: puck.serial,
      DeviceId: device.imei,
      UserDeviceId: userDeviceId,
      Location: 'Freezer',
      LogicLevel: 32775,
    });
    expect(body.SerialNumber).toBe(puck.serial.match(/.{2}/g)?.join('-'));
    expect(
      body.AlarmPoints.map(
        (a: { DeviceSensor: { SensorType: string }; RangeMin: number; RangeMax: number }) => [
          a.DeviceSensor.SensorType,
          a.RangeMin,
          a.RangeMax,
        ],
      ),
    ).toEqual([
      ['SP_TEMP', 40, 80],
      ['SP_HUMID', 10, 70],
      ['WATER', 0, 0],
    ]);
    expect((await call('GET', `/api/peripherals/${puck.serial}`)).json().Name).toBe('Puck Freezer');
    expect(
      (await call('GET', `/api/peripherals/getSpuckDetails?spuckId=${puck.serial}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/peripherals?device_id=${userDeviceId}&location=Freezer`)).json(),
    ).toHaveLength(1);
    expect(
      (await call('GET', `/api/peripherals?device_id=${userDeviceId}&location=Attic`)).json(),
    ).toHaveLength(0);
    expect(
      (await call('GET', `/api/peripherals/getSpucksByDevice?deviceId=${userDeviceId}`)).json(),
    ).toHaveLength(1);
  });

  it('answers 404 for an unknown puck serial and 409 for one on a device (device-management §5)', async () => {
    const { userDeviceId } = await newUserDevice();
    expect((await call('GET', '/api/validation/peripheral?serial=FFFFFFF0')).statusCode).toBe(404);
    expect((await attach(userDeviceId, 'FFFFFFF0', 'A')).statusCode).toBe(404);
    const puck = await createPuck(t.ctx);
    expect((await call('GET', `/api/validation/peripheral?serial=${puck.serial}`)).statusCode).toBe(
      200,
    );
    await attach(userDeviceId, puck.serial, 'A');
    expect((await call('GET', `/api/validation/peripheral?serial=${puck.serial}`)).statusCode).toBe(
      409,
    );
    const second = await newUserDevice();
    expect((await attach(second.userDeviceId, puck.serial, 'B')).statusCode).toBe(409);
  });

  it('keeps a location unique on a device: only the same puck may hold it (device-management §5)', async () => {
    const { userDeviceId } = await newUserDevice();
    const first = await createPuck(t.ctx);
    const second = await createPuck(t.ctx);
    expect((await attach(userDeviceId, first.serial, 'Garage')).statusCode).toBe(200);
    expect((await attach(userDeviceId, second.serial, 'Garage')).statusCode).toBe(409);
    expect((await attach(userDeviceId, second.serial, 'Porch')).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/peripherals/${second.serial}`, { Name: 'P', Location: 'Garage' }))
        .statusCode,
    ).toBe(409);
    const same = await call('PUT', `/api/peripherals/${first.serial}`, {
      Name: 'Renamed',
      Location: 'Garage',
    });
    expect(same.json()).toMatchObject({ Name: 'Renamed', Location: 'Garage' });
  });

  it('refuses a 17th puck on a device (device-management §5, §9: at most 16)', async () => {
    const { userDeviceId } = await newUserDevice();
    for (let i = 0; i < 16; i += 1) {
      const puck = await createPuck(t.ctx);
      expect((await attach(userDeviceId, puck.serial, `L${i}`)).statusCode).toBe(200);
    }
    const extra = await createPuck(t.ctx);
    const response = await attach(userDeviceId, extra.serial, 'L16');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'This device already has the maximum of 16 SPucks. Please remove one in order to add another.',
    );
  });

  it('holds the 16-puck limit when 17 attaches arrive at once (device-management §9)', async () => {
    const { userDeviceId } = await newUserDevice();
    const pucks = await Promise.all(Array.from({ length: 17 }, () => createPuck(t.ctx)));
    const codes = await Promise.all(
      pucks.map((puck, i) => attach(userDeviceId, puck.serial, `C${i}`)),
    );
    expect(codes.filter((r) => r.statusCode === 200)).toHaveLength(16);
    expect(codes.filter((r) => r.statusCode === 400)).toHaveLength(1);
  });

  it('refuses a puck with a logic level on a unit with firmware below 8, but not an older water puck (device-management §4)', async () => {
    const { userDeviceId } = await newUserDevice('7.2');
    const modern = await createPuck(t.ctx, { logicLevel: 32774 });
    const response = await attach(userDeviceId, modern.serial, 'A');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      "Your device's firmware is not eligible for the upgraded SPucks. Please upgrade your device to continue.",
    );
    const older = await createPuck(t.ctx, { logicLevel: null });
    expect((await attach(userDeviceId, older.serial, 'B')).statusCode).toBe(200);
  });

  it('turns puck alarms off and on by the logic-level step and keeps at least one on (device-management §4, §5)', async () => {
    const { userDeviceId } = await newUserDevice();
    const puck = await createPuck(t.ctx, { logicLevel: 32775 });
    await attach(userDeviceId, puck.serial, 'A');
    const off = await call('PUT', '/api/peripherals/updatelogiclevel', {
      id: puck.serial,
      alarmType: ['WATER'],
      setType: -1,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().LogicLevel).toBe(32774);
    const water = off
      .json()
      .AlarmPoints.find(
        (a: { DeviceSensor: { SensorType: string } }) => a.DeviceSensor.SensorType === 'WATER',
      );
    expect(water.Enabled).toBe(false);
    const none = await call('PUT', '/api/peripherals/updatelogiclevel', {
      id: puck.serial,
      alarmType: ['SPUCK_TEMP', 'SPUCK_HUMIDITY'],
      setType: -1,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please select at least one alarm type.');
    const on = await call('PUT', '/api/peripherals/updatelogiclevel', {
      id: puck.serial,
      alarmType: ['WATER'],
      setType: 1,
    });
    expect(on.json().LogicLevel).toBe(32775);
    expect(
      (
        await call(
          'PUT',
          '/api/peripherals/updatelogiclevel',
          { id: puck.serial, alarmType: ['WATER'], setType: -1 },
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('replaces a puck by another serial keeping name, location, alarm points and notifications (device-management §4, §7)', async () => {
    const { device, userDeviceId } = await newUserDevice();
    const old = await createPuck(t.ctx, { logicLevel: 32774 });
    const replacement = await createPuck(t.ctx, { logicLevel: 32774 });
    await attach(userDeviceId, old.serial, 'Cellar');
    const note = await call('POST', '/api/notifications', {
      DeviceId: userDeviceId,
      PeripheralId: old.serial,
      AlarmType: 'SPUCK_TEMP',
      MessageType: 'EMAIL',
      MessageAddress: 'a@example.com',
    });
    expect(note.statusCode).toBe(200);
    expect(
      (
        await call(
          'PUT',
          '/api/devices/transferSpuck',
          [old.serial, replacement.serial, device.imei],
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
    const response = await call('PUT', '/api/devices/transferSpuck', [
      old.serial,
      replacement.serial,
      device.imei,
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Id: replacement.serial,
      Name: 'Puck Cellar',
      Location: 'Cellar',
    });
    expect(response.json().AlarmPoints).toHaveLength(2);
    const notes = (
      await call(
        'GET',
        `/api/notifications?device_id=${userDeviceId}&peripheral_id=${replacement.serial}`,
      )
    ).json();
    expect(notes.map((n: { Id: number }) => n.Id)).toEqual([note.json().Id]);
    expect((await call('GET', `/api/peripherals/${old.serial}`)).statusCode).toBe(404);
  });

  it('detaches a puck with its alarm points and notifications, only for the owner (device-management §7)', async () => {
    const { userDeviceId } = await newUserDevice();
    const puck = await createPuck(t.ctx);
    await attach(userDeviceId, puck.serial, 'A');
    expect(
      (await call('GET', `/api/peripherals/${puck.serial}`, undefined, otherToken)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'PUT',
          `/api/peripherals/${puck.serial}`,
          { Name: 'X', Location: 'Y' },
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'DELETE',
          `/api/devices/${userDeviceId}/peripherals/${puck.serial}`,
          undefined,
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/devices/${userDeviceId}/peripherals/${puck.serial}`)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/peripherals?device_id=${userDeviceId}`)).json()).toEqual([]);
    expect((await call('GET', `/api/validation/peripheral?serial=${puck.serial}`)).statusCode).toBe(
      200,
    );
  });

  it('detaches a puck from a unit named by its IMEI as well as by the user device Id (device-management §3, §7)', async () => {
    const { device, userDeviceId } = await newUserDevice();
    const puck = await createPuck(t.ctx);
    await attach(userDeviceId, puck.serial, 'A');
    const url = `/api/devices/${device.imei}/peripherals/${puck.serial}`;
    expect((await call('DELETE', url, undefined, otherToken)).statusCode).toBe(403);
    expect((await call('DELETE', url)).statusCode).toBe(200);
    expect((await call('GET', `/api/peripherals?device_id=${userDeviceId}`)).json()).toEqual([]);
  });

  it("answers a puck's log newest first, 500 a page (device-management §7, §9)", async () => {
    const { userDeviceId } = await newUserDevice();
    const puck = await createPuck(t.ctx);
    await attach(userDeviceId, puck.serial, 'A');
    // Readings from after the attachment at the test clock's 12:00 (decision 017).
    const start = Date.parse('2026-11-22T12:00:00Z');
    for (let i = 0; i < 502; i += 1)
      await addPuckReport(t.ctx, puck.id, { at: new Date(start + i * 60_000), temperature: i });
    const first = (await call('GET', `/api/reportlog/getSpuckLog?spuckId=${puck.serial}`)).json();
    expect(first).toHaveLength(500);
    expect(first[0].Temperature).toBe(501);
    const second = (
      await call('GET', `/api/reportlog/getSpuckLog?spuckId=${puck.serial}&page=2`)
    ).json();
    expect(second.map((r: { Temperature: number }) => r.Temperature)).toEqual([1, 0]);
    expect(
      (
        await call(
          'GET',
          `/api/reportlog/getSpuckLog?spuckId=${puck.serial}`,
          undefined,
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
  });

  it("pages a puck's log across the month of its last call-in and the months before, as one list (device-management §7, §9; decision 077)", async () => {
    const { userDeviceId } = await newUserDevice();
    const puck = await createPuck(t.ctx);
    await attach(userDeviceId, puck.serial, 'A');
    // Seen since October: 600 readings then, 3 in November, the month of its last call-in.
    const since = new Date('2026-10-01T00:00:00Z');
    await t.ctx.db
      .updateTable('peripherals')
      .set({ attached_at: since, callin_time: new Date('2026-11-20T00:02:00Z') })
      .where('id', '=', puck.id)
      .execute();
    await t.ctx.db
      .updateTable('user_devices')
      .set({ visible_from: since })
      .where('id', '=', userDeviceId)
      .execute();
    const october = new Date('2026-10-20T00:00:00Z');
    await addPuckReadings(t.ctx, puck.id, { from: october, count: 600, stepMinutes: 1 });
    await addPuckReadings(t.ctx, puck.id, {
      from: new Date('2026-11-20T00:00:00Z'),
      count: 3,
      stepMinutes: 1,
    });
    const page = async (n: number) =>
      (await call('GET', `/api/reportlog/getSpuckLog?spuckId=${puck.serial}&page=${n}`)).json<
        { ReportTimestamp: string }[]
      >();
    const minute = (from: Date, i: number) => new Date(from.getTime() + i * 60_000).toISOString();
    const newestFirst = [
      ...[2, 1, 0].map((i) => minute(new Date('2026-11-20T00:00:00Z'), i)),
      ...Array.from({ length: 600 }, (_, i) => minute(october, 599 - i)),
    ];
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((rows) => rows.length)).toEqual([500, 103, 0]);
    expect(pages.flat().map((row) => row.ReportTimestamp)).toEqual(newestFirst);
  });
});
