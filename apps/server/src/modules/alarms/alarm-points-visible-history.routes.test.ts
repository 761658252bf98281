import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { createPuck } from '../../../test/helpers/device-factories';
import { createDevice, deviceAuth, type TestDevice } from '../../../test/helpers/devices';

const MINUTE = 60_000;

type Point = {
  Id: number;
  PeripheralId: string | null;
  DeviceSensor: {
    SensorType: string;
    LastReadValue: number | null;
    LastTriggeredAlarm: string | null;
  };
};

/**
 * An alarm point's last read value and last triggered alarm are readings: through every call that
 * shows alarm points, an account sees them only when its visible history reaches back to the
 * reading they came from (decision 017).
 */
describe("alarm points' readings in a unit's visible history (device-management §5, §6; decision 017)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A test device type: its pucks are heard from without a subscription to pay for them (decision 056). */
  const TEST_TYPE = { deviceType: 2 };

  type Account = { id: number; token: string };
  const account = async (): Promise<Account> => {
    const user = await createUser(t.ctx);
    return { id: user.id, token: await signIn(t.app, user) };
  };
  const call = (
    who: Account,
    url: string,
    method: 'GET' | 'POST' | 'DELETE' = 'GET',
    body?: unknown,
  ) => injectAs(t.app, who.token, method, url, body);

  /** The unit uploads one reading taken at `at`, with one puck reading, as the device protocol carries it. */
  const report = async (
    unit: TestDevice,
    puckSerial: string,
    temperature: number,
    at = t.ctx.now(),
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: {
        Reports: [
          {
            ReportTimestamp: at.toISOString(),
            Temperature: temperature,
            Humidity: 40,
            Power: 1,
            SignalStrength: 20,
            Peripherals: [{ Id: puckSerial, Temperature: temperature, BatteryLevel: 150 }],
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
  };

  const register = async (who: Account, unit: TestDevice) => {
    const response = await call(who, `/api/users/${who.id}/devices`, 'POST', {
      SerialNumber: unit.serial,
      Name: 'Barn',
    });
    expect(response.statusCode).toBe(200);
    const { Id } = response.json<{ Id: number }>();
    // Without the default e-mails an alarm queues nothing: this file runs no job queue.
    await t.ctx.db.deleteFrom('notifications').where('user_device_id', '=', Id).execute();
    return Id;
  };
  const attach = async (who: Account, userDeviceId: number, serial: string) => {
    const response = await call(who, '/api/peripherals', 'POST', {
      DeviceId: userDeviceId,
      SerialNumber: serial,
      Name: 'Freezer',
      Location: 'Freezer',
    });
    expect(response.statusCode).toBe(200);
  };

  type Seen = Record<string, Pick<Point['DeviceSensor'], 'LastReadValue' | 'LastTriggeredAlarm'>>;
  /**
   * The last read value and last triggered alarm of the unit's TEMP point and the puck's SP_TEMP
   * point, as the account is shown them through every call that shows alarm points (which agree).
   */
  const seenBy = async (who: Account, userDeviceId: number, puckSerial: string): Promise<Seen> => {
    const get = async <T>(url: string) => {
      const response = await call(who, url);
      expect(response.statusCode, url).toBe(200);
      return response.json<T>();
    };
    type WithPoints = { AlarmPoints: Point[] };
    const device = await get<WithPoints & { Peripherals: WithPoints[] }>(
      `/api/users/${who.id}/devices/${userDeviceId}`,
    );
    const list = await get<(WithPoints & { Id: number })[]>(`/api/users/${who.id}/devices`);
    const listed = list.find((d) => d.Id === userDeviceId);
    const queried = await get<Point[]>(`/api/alarmpoints?device_id=${userDeviceId}`);
    const views: Point[][] = [
      [...device.AlarmPoints, ...(device.Peripherals[0]?.AlarmPoints ?? [])],
      [
        ...(listed?.AlarmPoints ?? []),
        ...(await get<WithPoints>(`/api/peripherals/${puckSerial}`)).AlarmPoints,
      ],
      queried,
      await Promise.all(queried.map(({ Id }) => get<Point>(`/api/alarmpoints/${Id}`))),
    ];
    const bySensor = (points: Point[]): Seen =>
      Object.fromEntries(
        points
          .filter((p) => ['TEMP', 'SP_TEMP'].includes(p.DeviceSensor.SensorType))
          .map(({ DeviceSensor: { SensorType, LastReadValue, LastTriggeredAlarm } }) => [
            SensorType,
            { LastReadValue, LastTriggeredAlarm },
          ]),
      );
    const seen = views.map(bySensor);
    for (const view of seen) expect(view).toEqual(seen[0]);
    return seen[0] ?? {};
  };

  it('shows a sub-account no last read value or triggered alarm from before it was given the unit, and those after (device-management §5, §6)', async () => {
    const owner = await account();
    const unit = await createDevice(t.ctx, TEST_TYPE);
    const puck = await createPuck(t.ctx);
    const ownerRow = await register(owner, unit);
    await attach(owner, ownerRow, puck.serial);
    t.advanceTime(10 * MINUTE);
    // 95 °F is above the unit's default 40–85 and the puck's wizard range: both alarms trigger.
    await report(unit, puck.serial, 95);
    const before = t.ctx.now().toISOString();

    t.advanceTime(10 * MINUTE);
    const registration = {
      FirstName: 'sam',
      LastName: 'jones',
      EmailAddress: `sub-${Date.now()}@example.com`,
      Password: 'sub password 1',
      ConfirmPassword: 'sub password 1',
      ParentId: owner.id,
      DeviceId: ownerRow,
    };
    const created = await call(owner, '/RegistrationGateway.php', 'POST', registration);
    expect(created.statusCode).toBe(200);
    const sub: Account = {
      id: created.json<{ Id: number }>().Id,
      token: await signIn(t.app, {
        email_address: registration.EmailAddress,
        password: registration.Password,
      }),
    };
    const [subRow] = (await call(sub, `/api/users/${sub.id}/devices`)).json<{ Id: number }[]>();
    if (!subRow) throw new Error('the sub-account was not given the unit');

    const triggered = { LastReadValue: 95, LastTriggeredAlarm: before };
    expect(await seenBy(owner, ownerRow, puck.serial)).toEqual({
      TEMP: triggered,
      SP_TEMP: triggered,
    });
    const nothing = { LastReadValue: null, LastTriggeredAlarm: null };
    expect(await seenBy(sub, subRow.Id, puck.serial)).toEqual({ TEMP: nothing, SP_TEMP: nothing });

    t.advanceTime(10 * MINUTE);
    await report(unit, puck.serial, 71);
    // The new reading is the sub-account's; the alarm it saw trigger is still before its time.
    const readOnly = { LastReadValue: 71, LastTriggeredAlarm: null };
    expect(await seenBy(sub, subRow.Id, puck.serial)).toEqual({
      TEMP: readOnly,
      SP_TEMP: readOnly,
    });
    expect(await seenBy(owner, ownerRow, puck.serial)).toEqual({
      TEMP: { LastReadValue: 71, LastTriggeredAlarm: before },
      SP_TEMP: { LastReadValue: 71, LastTriggeredAlarm: before },
    });
  });

  it('shows the account that registers a unit after its owner removed it no reading taken before the registration, even one uploaded after it (device-management §5)', async () => {
    const first = await account();
    const second = await account();
    const unit = await createDevice(t.ctx, TEST_TYPE);
    const puck = await createPuck(t.ctx);
    const firstRow = await register(first, unit);
    await attach(first, firstRow, puck.serial);
    t.advanceTime(10 * MINUTE);
    await report(unit, puck.serial, 70);
    // A reading the unit took while it was still the first owner's, kept while it was offline.
    const offline = t.ctx.now();
    expect(
      (await call(first, `/api/users/${first.id}/devices/${firstRow}`, 'DELETE')).statusCode,
    ).toBe(200);

    t.advanceTime(10 * MINUTE);
    const secondRow = await register(second, unit);
    t.advanceTime(MINUTE);
    await report(unit, puck.serial, 95, new Date(offline.getTime() + 1000));
    const nothing = { LastReadValue: null, LastTriggeredAlarm: null };
    expect(await seenBy(second, secondRow, puck.serial)).toEqual({
      TEMP: nothing,
      SP_TEMP: nothing,
    });

    await report(unit, puck.serial, 72);
    const now = { LastReadValue: 72, LastTriggeredAlarm: null };
    expect(await seenBy(second, secondRow, puck.serial)).toEqual({ TEMP: now, SP_TEMP: now });
  });
});
