import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  createUser,
  signIn,
  type TestUser,
  injectAs,
  type HttpMethod,
} from '../../../test/helpers/factories';
import { addDeviceReport, createDevice, createPuck } from '../../../test/helpers/device-factories';

describe('user devices (device-management §3, §7; accounts-devices-billing §5, §7)', () => {
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

  const call = (method: HttpMethod, url: string, body?: unknown, auth = token) =>
    injectAs(t.app, auth, method, url, body);
  const register = (serial: string, auth = token, userId = owner.id) =>
    call(
      'POST',
      `/api/users/${userId}/devices`,
      { SerialNumber: serial, Name: 'Barn', Location: 'North' },
      auth,
    );

  it('registers a serial with default alarm points and e-mail notifications (accounts-devices-billing §4, §5)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 5 });
    const response = await register(device.serialNumber.toLowerCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      UserId: owner.id,
      DeviceId: device.imei,
      SerialNumber: device.serialNumber,
      RegistrationComplete: true,
    });
    const ranges = body.AlarmPoints.map(
      (a: { DeviceSensor: { SensorType: string }; RangeMin: number; RangeMax: number }) => [
        a.DeviceSensor.SensorType,
        a.RangeMin,
        a.RangeMax,
      ],
    );
    expect(ranges).toEqual([
      ['TEMP', 40, 85],
      ['HUMIDITY', 10, 70],
    ]);
    const notes = await call('GET', `/api/notifications?device_id=${body.Id}`);
    expect(
      notes
        .json()
        .map((n: { AlarmType: string; MessageType: string; MessageAddress: string }) => [
          n.AlarmType,
          n.MessageType,
          n.MessageAddress,
        ]),
    ).toEqual([
      ['TEMP', 'EMAIL', owner.email_address],
      ['HUMIDITY', 'EMAIL', owner.email_address],
      ['POWER', 'EMAIL', owner.email_address],
      ['NOCALL', 'EMAIL', owner.email_address],
    ]);
  });

  it('gives a NIST device no humidity alarm point or notification (device-management §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 9 });
    const body = (await register(device.serialNumber)).json();
    expect(
      body.AlarmPoints.map(
        (a: { DeviceSensor: { SensorType: string } }) => a.DeviceSensor.SensorType,
      ),
    ).toEqual(['TEMP']);
    const notes = (await call('GET', `/api/notifications?device_id=${body.Id}`)).json();
    expect(notes.map((n: { AlarmType: string }) => n.AlarmType)).toEqual([
      'TEMP',
      'POWER',
      'NOCALL',
    ]);
  });

  it('answers 404 for a serial that does not exist and 409 for one already registered (accounts-devices-billing §5)', async () => {
    expect((await register('ZZZZZ9')).statusCode).toBe(404);
    expect((await call('GET', '/api/validation/serialnumber?serial=ZZZZZ9')).statusCode).toBe(404);
    const device = await createDevice(t.ctx);
    expect(
      (await call('GET', `/api/validation/serialnumber?serial=${device.serialNumber}`)).statusCode,
    ).toBe(200);
    expect((await register(device.serialNumber)).statusCode).toBe(200);
    expect((await register(device.serialNumber, otherToken, other.id)).statusCode).toBe(409);
    expect(
      (await call('GET', `/api/validation/serialnumber?serial=${device.serialNumber}`)).statusCode,
    ).toBe(409);
  });

  it('registers a serial to one account when two register it at once; the other gets 409 (accounts-devices-billing §5)', async () => {
    const device = await createDevice(t.ctx);
    const [a, b] = await Promise.all([
      register(device.serialNumber),
      register(device.serialNumber, otherToken, other.id),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('gives pucks left on a re-registered unit fresh default alarm points (device-management §9)', async () => {
    const device = await createDevice(t.ctx);
    const puck = await createPuck(t.ctx, { logicLevel: 32771 });
    await t.ctx.db
      .updateTable('peripherals')
      .set({ device_id: device.id, location: 'Shed' })
      .where('id', '=', puck.id)
      .execute();
    const body = (await register(device.serialNumber)).json();
    expect(body.Peripherals).toHaveLength(1);
    expect(
      body.Peripherals[0].AlarmPoints.map(
        (a: { DeviceSensor: { SensorType: string } }) => a.DeviceSensor.SensorType,
      ),
    ).toEqual(['SP_TEMP', 'WATER']);
  });

  it('refuses firmware below 4 with the brand phone in the message (accounts-devices-billing §5)', async () => {
    const device = await createDevice(t.ctx, { firmwareVersion: '3.9' });
    const response = await register(device.serialNumber);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      `The device you have entered is no longer supported, please contact customer service at ${t.ctx.brands[2].phone}`,
    );
    const firmware = await call(
      'GET',
      `/api/devices/getDeviceFirmware?serialNumber=${device.serialNumber}`,
    );
    expect(firmware.json()).toMatchObject({
      FirmwareVersion: '3.9',
      IsSupported: false,
      IsPuckEligible: false,
    });
  });

  it('leaves registration incomplete for a non-test device type, for billing to finish (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 4 });
    expect((await register(device.serialNumber)).json().RegistrationComplete).toBe(false);
  });

  it('lists devices with LastRead from the latest report, and counts them (device-management §3, §7)', async () => {
    const device = await createDevice(t.ctx);
    const ud = (await register(device.serialNumber)).json();
    await addDeviceReport(t.ctx, device.id, {
      at: new Date('2026-11-22T12:10:00Z'),
      temperature: 60,
    });
    await addDeviceReport(t.ctx, device.id, {
      at: new Date('2026-11-22T13:00:00Z'),
      temperature: 65,
      humidity: 40,
      power: 1,
      signalStrength: 20,
    });
    const list = (await call('GET', `/api/users/${owner.id}/devices`)).json();
    const found = list.find((d: { Id: number }) => d.Id === ud.Id);
    expect(found.LastRead).toMatchObject({
      ReportTimestamp: '2026-11-22T13:00:00.000Z',
      Temperature: 65,
      Humidity: 40,
      Power: 1,
      SignalStrength: 20,
    });
    expect(found.Status).toBe(0);
    const count = await call('GET', `/api/users/getDeviceCount?userId=${owner.id}`);
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ DeviceCount: list.length });
    const active = await call('GET', `/api/users/getActiveDeviceByUserId?userId=${owner.id}`);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toHaveLength(list.length);
    const latest = await call('GET', `/api/reportlog/devices/${ud.Id}`);
    expect(latest.json()).toEqual({ ReportTimestamp: '2026-11-22T13:00:00.000Z' });
  });

  it('shows red status for a reading outside its range and yellow within 5 units of a bound (device-management §4)', async () => {
    const device = await createDevice(t.ctx);
    const ud = (await register(device.serialNumber)).json();
    const url = `/api/users/${owner.id}/devices/${ud.Id}`;
    expect((await call('GET', url)).json().Status).toBeNull();
    await addDeviceReport(t.ctx, device.id, {
      at: new Date('2026-11-22T12:09:00Z'),
      temperature: 82,
      humidity: 40,
      power: 1,
    });
    expect((await call('GET', url)).json().Status).toBe(1);
    await addDeviceReport(t.ctx, device.id, {
      at: new Date('2026-11-22T12:10:00Z'),
      temperature: 90,
      humidity: 40,
      power: 1,
    });
    expect((await call('GET', url)).json().Status).toBe(2);
  });

  it("shows the unit's own water and motion readings in LastRead, and either reading 1 is red (device-management §3, §4)", async () => {
    const device = await createDevice(t.ctx);
    const ud = (await register(device.serialNumber)).json();
    const url = `/api/users/${owner.id}/devices/${ud.Id}`;
    const reading = { temperature: 60, humidity: 40, power: 1 };
    await addDeviceReport(t.ctx, device.id, {
      ...reading,
      at: new Date('2026-11-22T12:20:00Z'),
      water: 0,
      motion: 0,
    });
    expect((await call('GET', url)).json()).toMatchObject({
      LastRead: { Water: 0, Motion: 0 },
      Status: 0,
    });
    await addDeviceReport(t.ctx, device.id, {
      ...reading,
      at: new Date('2026-11-22T12:21:00Z'),
      water: 1,
      motion: 0,
    });
    expect((await call('GET', url)).json()).toMatchObject({
      LastRead: { Water: 1, Motion: 0 },
      Status: 2,
    });
    await addDeviceReport(t.ctx, device.id, {
      ...reading,
      at: new Date('2026-11-22T12:22:00Z'),
      motion: 1,
    });
    const list = (await call('GET', `/api/users/${owner.id}/devices`)).json();
    expect(list.find((d: { Id: number }) => d.Id === ud.Id)).toMatchObject({
      LastRead: { Water: null, Motion: 1 },
      Status: 2,
    });
  });

  it('asks for a session on every device call (device-management §7: a 401 signs the user out)', async () => {
    for (const url of [
      `/api/users/${owner.id}/devices`,
      '/api/devices/1',
      '/api/peripherals?device_id=1',
      '/api/alarmpoints?device_id=1',
      '/api/notifications?device_id=1',
      '/api/validation/serialnumber?serial=ABC123',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('routes getDeviceCount and getActiveDeviceByUserId to their own calls, not /api/users/{Id} (device-management §7)', async () => {
    const count = await call('GET', `/api/users/getDeviceCount?userId=${owner.id}`);
    expect(count.json()).toHaveProperty('DeviceCount');
    expect((await call('GET', `/api/users/getDeviceCount?userId=${other.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call('GET', `/api/users/getActiveDeviceByUserId?userId=${other.id}`)).statusCode,
    ).toBe(403);
  });

  it('gets, changes and removes a device, and refuses another user (device-management §6, §7)', async () => {
    const device = await createDevice(t.ctx);
    const ud = (await register(device.serialNumber)).json();
    const url = `/api/users/${owner.id}/devices/${ud.Id}`;
    expect((await call('GET', url)).json()).toMatchObject({ Id: ud.Id, Name: 'Barn' });
    expect((await call('PUT', url, { Name: 'Shed', Mute: true })).json()).toMatchObject({
      Name: 'Shed',
      Mute: true,
      Location: 'North',
    });
    expect((await call('GET', url, undefined, otherToken)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/users/${other.id}/devices/${ud.Id}`, undefined, otherToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/users/${other.id}/devices/${ud.Id}`, { Name: 'Mine' }, otherToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/users/${other.id}/devices/${ud.Id}`, undefined, otherToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/devices/${device.imei}`, undefined, otherToken)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/devices/${device.id}`)).json()).toMatchObject({
      IMEI: device.imei,
      FirmwareVersion: '10.6',
    });
    expect((await call('DELETE', url)).statusCode).toBe(200);
    expect((await call('GET', url)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/validation/serialnumber?serial=${device.serialNumber}`)).statusCode,
    ).toBe(200);
  });

  it('finds a unit by serial and activates the modem of carriers 1 and 2 only (accounts-devices-billing §7)', async () => {
    const device = await createDevice(t.ctx, { deviceNsp: 2 });
    const found = await call('GET', `/api/devices/findbyserial/${device.serialNumber}`);
    expect(found.json()).toMatchObject({ SerialNumber: device.serialNumber, Registered: false });
    expect((await call('GET', '/api/devices/findbyserial/QQQQQ1')).statusCode).toBe(404);
    expect((await call('POST', `/api/devices/${device.imei}/activate`)).statusCode).toBe(403);
    await register(device.serialNumber);
    expect((await call('POST', `/api/devices/${device.imei}/activate`)).json().ModemActivated).toBe(
      true,
    );
    expect(
      (await call('GET', `/api/devices/findbyserial/${device.serialNumber}`)).json(),
    ).toMatchObject({ IMEI: device.imei, DeviceNSP: 2, ModemActivated: true, Registered: true });
    const other3 = await createDevice(t.ctx, { deviceNsp: 3 });
    await register(other3.serialNumber);
    expect((await call('POST', `/api/devices/${other3.imei}/activate`)).json().ModemActivated).toBe(
      false,
    );
  });

  it("answers findbyserial to anyone but the unit's owner with only what registration needs: exists and taken, no IMEI, carrier or modem state (accounts-devices-billing §5, §7)", async () => {
    const device = await createDevice(t.ctx, { deviceNsp: 2, firmwareVersion: '10.6' });
    const url = `/api/devices/findbyserial/${device.serialNumber}`;
    const free = (await call('GET', url, undefined, otherToken)).json();
    expect(free).toEqual({
      Id: null,
      IMEI: null,
      SerialNumber: device.serialNumber,
      DeviceType: 5,
      TenantId: 2,
      FirmwareVersion: '10.6',
      Memo: 'FW 10.6',
      DeviceNSP: null,
      ModemActivated: null,
      Registered: false,
    });
    await register(device.serialNumber);
    const taken = await call('GET', url, undefined, otherToken);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ ...free, Registered: true });
    expect(JSON.stringify(taken.json())).not.toContain(device.imei);
    const unit = await createDevice(t.ctx);
    const check = await call('GET', `/api/validation/serialnumber?serial=${unit.serialNumber}`);
    expect(check.json()).toMatchObject({ IMEI: null, Registered: false });
    // The same unit by id is refused to them, as before.
    const byOwner = (await call('GET', url)).json();
    expect(byOwner).toMatchObject({ IMEI: device.imei, DeviceNSP: 2, Registered: true });
    expect(
      (await call('GET', `/api/devices/${byOwner.Id}`, undefined, otherToken)).statusCode,
    ).toBe(403);
  });

  it("takes a unit's numeric id or its IMEI on GET /api/devices/{id}, and a bad one is 400, not a database error (device-management §3, §7)", async () => {
    const device = await createDevice(t.ctx);
    await register(device.serialNumber);
    const byImei = await call('GET', `/api/devices/${device.imei}`);
    expect(byImei.json()).toMatchObject({ Id: device.id, IMEI: device.imei });
    expect((await call('GET', `/api/devices/${device.id}`)).json().IMEI).toBe(device.imei);
    for (const ref of ['99999999999999', '0', 'abc', '1234567890123456']) {
      const bad = await call('GET', `/api/devices/${ref}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Enter a device id or IMEI.');
    }
  });

  it('lets a sub-account read the device it was given but not change it (device-management §6)', async () => {
    const device = await createDevice(t.ctx);
    const ud = (await register(device.serialNumber)).json();
    const sub = await createUser(t.ctx, { parentId: owner.id });
    const subToken = await signIn(t.app, sub);
    const subRow = await t.ctx.db
      .insertInto('user_devices')
      .values({ user_id: sub.id, device_id: device.id, name: 'Barn', parent_user_device_id: ud.Id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seen = await call(
      'GET',
      `/api/users/${sub.id}/devices/${subRow.id}`,
      undefined,
      subToken,
    );
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ SubAccountDevice: true, DeviceId: device.imei });
    expect(seen.json().AlarmPoints).toHaveLength(2);
    expect(
      (await call('PUT', `/api/users/${sub.id}/devices/${subRow.id}`, { Name: 'x' }, subToken))
        .statusCode,
    ).toBe(403);
    const point = ud.AlarmPoints[0].Id;
    expect((await call('GET', `/api/alarmpoints/${point}`, undefined, subToken)).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', `/api/alarmpoints/${point}/disable`, undefined, subToken)).statusCode,
    ).toBe(403);
  });

  it('answers the puck data of a device through /api/users/peripherals/{deviceId} (device-management §7)', async () => {
    const device = await createDevice(t.ctx);
    const ud = (await register(device.serialNumber)).json();
    const puck = await createPuck(t.ctx, { logicLevel: 32774 });
    await call('POST', '/api/peripherals', {
      DeviceId: ud.Id,
      SerialNumber: puck.serial,
      Name: 'Fridge',
      Location: 'Kitchen',
    });
    const response = await call('GET', `/api/users/peripherals/${ud.Id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().Peripherals.map((p: { Id: string }) => p.Id)).toEqual([puck.serial]);
    expect(
      response
        .json()
        .AlarmPoints.map(
          (a: { DeviceSensor: { SensorType: string } }) => a.DeviceSensor.SensorType,
        ),
    ).toEqual(['SP_TEMP', 'SP_HUMID']);
    expect(
      (await call('GET', `/api/users/peripherals/${ud.Id}`, undefined, otherToken)).statusCode,
    ).toBe(403);
  });
});
