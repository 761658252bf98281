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
  Deadband: number | null;
  EffectiveDeadband: number;
  DelayMinutes: number;
  DelayReadings: number;
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
  const pointOf = async (type: string, qs = '') => {
    const [point] = await query(`device_id=${userDeviceId}&type=${type}${qs}`);
    if (!point) throw new Error(`no ${type} point`);
    return point;
  };
  const REFUSED = 'An error occurred updating alarm point values.';

  it('issue #23 deadband: shows the defaults, 1 °F for temperature, 2 %RH for humidity and none for water, with no delay', async () => {
    const settings = (point: Point) => ({
      Deadband: point.Deadband,
      EffectiveDeadband: point.EffectiveDeadband,
      DelayMinutes: point.DelayMinutes,
      DelayReadings: point.DelayReadings,
    });
    const byType = Object.fromEntries(
      (await query(`device_id=${userDeviceId}`)).map((p) => [p.DeviceSensor.SensorType, p]),
    );
    const none = { Deadband: null, DelayMinutes: 0, DelayReadings: 0 };
    expect(byType.TEMP && settings(byType.TEMP)).toEqual({ ...none, EffectiveDeadband: 1 });
    expect(byType.SP_HUMID && settings(byType.SP_HUMID)).toEqual({ ...none, EffectiveDeadband: 2 });
    expect(byType.WATER && settings(byType.WATER)).toEqual({ ...none, EffectiveDeadband: 0 });
    // The device detail answer carries the same fields.
    const detail = await call('GET', `/api/users/${owner.id}/devices/${userDeviceId}`);
    expect(detail.json().AlarmPoints[0]).toMatchObject({ ...none, EffectiveDeadband: 1 });
  });

  it('issue #23 deadband: gives an owner who reads °C a default of 0.5 °C, 0.9 °F as stored', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ temp_pref: 'C' })
      .where('id', '=', owner.id)
      .execute();
    try {
      expect((await pointOf('SP_TEMP')).EffectiveDeadband).toBe(0.9);
      expect((await pointOf('HUMIDITY')).EffectiveDeadband).toBe(2);
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ temp_pref: 'F' })
        .where('id', '=', owner.id)
        .execute();
    }
  });

  it('issue #23 deadband: saves a deadband in °F, converts one in °C as a difference, keeps it when left out and goes back to the default on null', async () => {
    const { Id } = await pointOf('SP_TEMP');
    const put = (body: object) => call('PUT', `/api/alarmpoints/${Id}`, body);
    const inF = await put({ RangeMin: 40, RangeMax: 80, Deadband: 2.5 });
    expect(inF.statusCode).toBe(200);
    expect(inF.json()).toMatchObject({ Deadband: 2.5, EffectiveDeadband: 2.5 });
    // 5 °C to 25 °C is 41 °F to 77 °F; a 1.5 °C deadband is 2.7 °F (no 32° offset).
    const inC = await put({ RangeMin: 5, RangeMax: 25, TempPref: 'C', Deadband: 1.5 });
    expect(inC.json()).toMatchObject({ RangeMin: 41, RangeMax: 77, Deadband: 2.7 });
    expect((await call('GET', `/api/alarmpoints/${Id}`)).json()).toMatchObject({
      Deadband: 2.7,
      EffectiveDeadband: 2.7,
    });
    expect((await put({ RangeMin: 40, RangeMax: 80 })).json().Deadband).toBe(2.7);
    expect((await put({ RangeMin: 40, RangeMax: 80, Deadband: 0 })).json()).toMatchObject({
      Deadband: 0,
      EffectiveDeadband: 0,
    });
    expect((await put({ RangeMin: 40, RangeMax: 80, Deadband: null })).json()).toMatchObject({
      Deadband: null,
      EffectiveDeadband: 1,
    });
    const [humidity] = await query(`device_id=${userDeviceId}&type=HUMIDITY`);
    const rh = await call('PUT', `/api/alarmpoints/${humidity?.Id}`, {
      RangeMin: 10,
      RangeMax: 70,
      TempPref: 'C',
      Deadband: 3,
    });
    expect(rh.json()).toMatchObject({ Deadband: 3, EffectiveDeadband: 3 });
  });

  it('issue #23 delay: saves a delay in minutes or in readings and keeps it when left out', async () => {
    const { Id } = await pointOf('WATER');
    const put = (body: object) =>
      call('PUT', `/api/alarmpoints/${Id}`, { RangeMin: 0, RangeMax: 0, ...body });
    expect((await put({ DelayMinutes: 15 })).json()).toMatchObject({
      DelayMinutes: 15,
      DelayReadings: 0,
    });
    expect((await put({ DelayMinutes: 0, DelayReadings: 3 })).json()).toMatchObject({
      DelayMinutes: 0,
      DelayReadings: 3,
    });
    expect((await put({})).json()).toMatchObject({ DelayMinutes: 0, DelayReadings: 3 });
    expect((await call('GET', `/api/alarmpoints/${Id}`)).json()).toMatchObject({
      DelayMinutes: 0,
      DelayReadings: 3,
    });
  });

  it('issue #23 deadband: refuses a deadband on water, one out of limits or of half the range or more, and a delay out of limits, changing nothing', async () => {
    const temp = await pointOf('SP_TEMP');
    const water = await pointOf('WATER');
    const refusal = async (id: number, body: object) => {
      const answer = await call('PUT', `/api/alarmpoints/${id}`, body);
      expect(answer.statusCode).toBe(400);
      return answer.json<{ error: { code: number; message: string } }>().error;
    };
    expect(await refusal(water.Id, { RangeMin: 0, RangeMax: 0, Deadband: 1 })).toEqual({
      code: 400,
      message: `${REFUSED} Power, water and motion alarms have no deadband; leave it empty.`,
    });
    expect((await refusal(temp.Id, { RangeMin: 40, RangeMax: 44, Deadband: 2 })).message).toBe(
      `${REFUSED} The deadband must be less than half the range (2 °F), or no reading could clear the alarm.`,
    );
    expect(
      (await refusal(temp.Id, { RangeMin: 0, RangeMax: 100, TempPref: 'C', Deadband: 28 })).message,
    ).toBe(`${REFUSED} The deadband must be between 0 and 27.7 °C.`);
    expect((await refusal(temp.Id, { RangeMin: 40, RangeMax: 80, Deadband: -1 })).message).toBe(
      `${REFUSED} The deadband must be between 0 and 50 °F.`,
    );
    expect((await refusal(temp.Id, { RangeMin: 40, RangeMax: 80, Deadband: 'wide' })).message).toBe(
      'Deadband: Enter the deadband as a number, or null for the default.',
    );
    expect(
      (await refusal(temp.Id, { RangeMin: 40, RangeMax: 80, DelayMinutes: 1441 })).message,
    ).toBe(`${REFUSED} The delay must be a whole number of minutes from 0 to 1440.`);
    expect(
      (await refusal(temp.Id, { RangeMin: 40, RangeMax: 80, DelayReadings: 2.5 })).message,
    ).toBe(`${REFUSED} The delay must be a whole number of readings from 0 to 100.`);
    // A range narrowed under a stored deadband would leave no reading to clear the alarm.
    await call('PUT', `/api/alarmpoints/${temp.Id}`, { RangeMin: 40, RangeMax: 80, Deadband: 5 });
    expect((await refusal(temp.Id, { RangeMin: 40, RangeMax: 48 })).message).toBe(
      `${REFUSED} The deadband must be less than half the range (4 °F), or no reading could clear the alarm.`,
    );
    expect((await call('GET', `/api/alarmpoints/${temp.Id}`)).json()).toMatchObject({
      RangeMin: 40,
      RangeMax: 80,
      Deadband: 5,
      DelayMinutes: 0,
      DelayReadings: 0,
    });
  });

  it('issue #23 settings history: a change keeps one alarm_point_settings row holding the old settings, valid until the app clock', async () => {
    const temp = await pointOf('SP_TEMP');
    await call('PUT', `/api/alarmpoints/${temp.Id}`, { RangeMin: 40, RangeMax: 80, Deadband: 5 });
    const keptAt = async (at: Date) =>
      t.ctx.db
        .selectFrom('alarm_point_settings')
        .select([
          'range_min',
          'range_max',
          'is_enabled',
          'deadband',
          'delay_minutes',
          'delay_readings',
        ])
        .where('alarm_point_id', '=', temp.Id)
        .where('valid_until', '=', at)
        .execute();

    t.advanceTime(60_000);
    const changedAt = t.ctx.now();
    const changed = await call('PUT', `/api/alarmpoints/${temp.Id}`, {
      RangeMin: 35,
      RangeMax: 75,
      Deadband: 1,
      DelayMinutes: 10,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().DeviceSensor.LastUpdatedDateTime).toBe(changedAt.toISOString());
    expect(await keptAt(changedAt)).toEqual([
      {
        range_min: 40,
        range_max: 80,
        is_enabled: true,
        deadband: 5,
        delay_minutes: 0,
        delay_readings: 0,
      },
    ]);

    t.advanceTime(60_000);
    const disabledAt = t.ctx.now();
    await call('POST', `/api/alarmpoints/${temp.Id}/disable`);
    expect(await keptAt(disabledAt)).toEqual([
      {
        range_min: 35,
        range_max: 75,
        is_enabled: true,
        deadband: 1,
        delay_minutes: 10,
        delay_readings: 0,
      },
    ]);
  });

  it('issue #23 settings history: a puck alarm turned off by its logic level dates the old settings by the app clock', async () => {
    const water = await pointOf('WATER');
    t.advanceTime(60_000);
    const offAt = t.ctx.now();
    const off = await call('PUT', '/api/peripherals/updatelogiclevel', {
      id: puckSerial,
      alarmType: ['WATER'],
      setType: -1,
    });
    expect(off.statusCode).toBe(200);
    const kept = await t.ctx.db
      .selectFrom('alarm_point_settings')
      .select(['is_enabled', 'delay_readings'])
      .where('alarm_point_id', '=', water.Id)
      .where('valid_until', '=', offAt)
      .execute();
    expect(kept).toEqual([{ is_enabled: true, delay_readings: 3 }]);
    expect((await call('GET', `/api/alarmpoints/${water.Id}`)).json()).toMatchObject({
      Enabled: false,
      DeviceSensor: { LastUpdatedDateTime: offAt.toISOString() },
    });
  });
});
