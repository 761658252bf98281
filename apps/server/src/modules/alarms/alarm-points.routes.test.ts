import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  createUser,
  signIn,
  type TestUser,
  injectAs,
  type HttpMethod,
} from '../../../test/helpers/factories';
import { createDevice, createPuck } from '../../../test/helpers/device-factories';

type Point = {
  Id: number;
  Enabled: boolean;
  RangeMin: number;
  RangeMax: number;
  DeviceSensor: {
    SensorType: string;
    LastRangeChange: string | null;
    LastTriggeredAlarm: string | null;
  };
};

describe('alarm points (device-management §3, §5, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let otherToken: string;
  let userDeviceId: number;
  let puckSerial: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    otherToken = await signIn(t.app, await createUser(t.ctx));
    const device = await createDevice(t.ctx);
    userDeviceId = (
      await call('POST', `/api/users/${owner.id}/devices`, {
        SerialNumber: device.serialNumber,
        Name: 'Unit',
      })
    ).json<{ Id: number }>().Id;
    puckSerial = (await createPuck(t.ctx, { logicLevel: 32775 })).serial;
    await call('POST', '/api/peripherals', {
      DeviceId: userDeviceId,
      SerialNumber: puckSerial,
      Name: 'P',
      Location: 'L',
    });
  });
  afterAll(() => t.close());

  const call = (method: HttpMethod, url: string, body?: unknown, auth = token) =>
    injectAs(t.app, auth, method, url, body);
  const query = async (qs: string) => (await call('GET', `/api/alarmpoints?${qs}`)).json<Point[]>();

  it('queries by device, puck and type (device-management §7)', async () => {
    expect(
      (await query(`device_id=${userDeviceId}`)).map((p) => p.DeviceSensor.SensorType),
    ).toEqual(['TEMP', 'HUMIDITY', 'SP_TEMP', 'SP_HUMID', 'WATER']);
    expect(
      (await query(`device_id=${userDeviceId}&peripheral_id=${puckSerial}`)).map(
        (p) => p.DeviceSensor.SensorType,
      ),
    ).toEqual(['SP_TEMP', 'SP_HUMID', 'WATER']);
    expect(
      (await query(`device_id=${userDeviceId}&type=HUMIDITY`)).map(
        (p) => p.DeviceSensor.SensorType,
      ),
    ).toEqual(['HUMIDITY']);
  });

  it('saves a range in °F, converts Celsius, enforces the manual limits and marks the range change (device-management §4, §5)', async () => {
    const [temp] = await query(`device_id=${userDeviceId}&type=TEMP`);
    if (!temp) throw new Error('no TEMP point');
    const saved = await call('PUT', `/api/alarmpoints/${temp.Id}`, {
      RangeMin: -999,
      RangeMax: 999,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ RangeMin: -999, RangeMax: 999 });
    expect(saved.json().DeviceSensor.LastRangeChange).toBe(t.ctx.now().toISOString());
    const tooLow = await call('PUT', `/api/alarmpoints/${temp.Id}`, {
      RangeMin: -1000,
      RangeMax: 50,
    });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().error.message).toBe(
      'An error occurred updating alarm point values. Temperature must be between -999 and 999 °F.',
    );
    expect(
      (await call('PUT', `/api/alarmpoints/${temp.Id}`, { RangeMin: 0, RangeMax: 1000 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/alarmpoints/${temp.Id}`, { RangeMin: 60, RangeMax: 50 })).statusCode,
    ).toBe(400);
    const celsius = await call('PUT', `/api/alarmpoints/${temp.Id}`, {
      RangeMin: 0,
      RangeMax: 100,
      TempPref: 'C',
    });
    expect(celsius.json()).toMatchObject({ RangeMin: 32, RangeMax: 212 });
    const [humidity] = await query(`device_id=${userDeviceId}&type=HUMIDITY`);
    expect(
      (await call('PUT', `/api/alarmpoints/${humidity?.Id}`, { RangeMin: 10, RangeMax: 101 }))
        .statusCode,
    ).toBe(400);
  });

  it('disables an alarm point, setting its alarm to none, and enables it again (device-management §7)', async () => {
    const [water] = await query(`device_id=${userDeviceId}&type=WATER`);
    await t.ctx.db
      .updateTable('alarm_points')
      .set({ last_triggered_alarm: new Date() })
      .where('id', '=', water?.Id ?? 0)
      .execute();
    const off = await call('POST', `/api/alarmpoints/${water?.Id}/disable`);
    expect(off.json()).toMatchObject({
      Enabled: false,
      DeviceSensor: { LastTriggeredAlarm: null },
    });
    expect((await call('POST', `/api/alarmpoints/${water?.Id}/enable`)).json().Enabled).toBe(true);
    expect((await call('GET', `/api/alarmpoints/${water?.Id}`)).json().Enabled).toBe(true);
  });

  it("refuses another user's alarm points (device-management §6)", async () => {
    const [temp] = await query(`device_id=${userDeviceId}&type=TEMP`);
    expect(
      (await call('GET', `/api/alarmpoints?device_id=${userDeviceId}`, undefined, otherToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/alarmpoints/${temp?.Id}`, undefined, otherToken)).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/alarmpoints/${temp?.Id}`, { RangeMin: 1, RangeMax: 2 }, otherToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/alarmpoints/${temp?.Id}/disable`, undefined, otherToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/alarmpoints/${temp?.Id}/enable`, undefined, otherToken)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/alarmpoints/999999')).statusCode).toBe(404);
  });
});
