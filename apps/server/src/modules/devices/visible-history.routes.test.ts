import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { createPuck } from '../../../test/helpers/device-factories';
import { createDevice, deviceAuth, type TestDevice } from '../../../test/helpers/devices';

const MINUTE = 60_000;

/**
 * What an account sees of a unit's history (decision 017): every call that shows a reading, a
 * report time or a puck's last call-in shows only what happened since the caller's row was made —
 * the owner's registration, a sub-account's being given the unit — and of a puck, since it was
 * attached to this unit.
 */
describe("a unit's visible history (device-management §5, §6; decision 017)", () => {
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

  /** The unit reports now, with one puck reading, as the device protocol carries it. */
  const report = async (unit: TestDevice, puckSerial: string, temperature: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: {
        Reports: [
          {
            ReportTimestamp: t.ctx.now().toISOString(),
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
    return response.json<{ Id: number }>().Id;
  };
  const attach = async (who: Account, userDeviceId: number, serial: string, name: string) => {
    const response = await call(who, '/api/peripherals', 'POST', {
      DeviceId: userDeviceId,
      SerialNumber: serial,
      Name: name,
      Location: name,
    });
    expect(response.statusCode).toBe(200);
  };

  type Seen = {
    lastRead: unknown;
    lastMessage: unknown;
    pucks: unknown[];
    lastUpdated: unknown;
    latest: unknown;
    spuckLog: unknown[];
  };
  /** Everything the account is shown of the unit and its puck, through every call that shows it. */
  const seenBy = async (
    who: Account,
    unit: TestDevice,
    userDeviceId: number,
    puckSerial: string,
  ): Promise<Seen> => {
    const get = async (url: string) => {
      const response = await call(who, url);
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const list = (await get(`/api/users/${who.id}/devices`)) as { Id: number }[];
    const active = (await get(`/api/users/getActiveDeviceByUserId?userId=${who.id}`)) as {
      Id: number;
    }[];
    const one = await get(`/api/users/${who.id}/devices/${userDeviceId}`);
    const views = [
      list.find((d) => d.Id === userDeviceId),
      active.find((d) => d.Id === userDeviceId),
      one,
    ];
    // All three device reads agree; then the puck reads.
    expect(views[0]).toEqual(one);
    expect(views[1]).toEqual(one);
    const pucks = [
      one.Peripherals,
      (await get(`/api/users/peripherals/${userDeviceId}`)).Peripherals,
      await get(`/api/peripherals?device_id=${userDeviceId}`),
      await get(`/api/peripherals/getSpucksByDevice?deviceId=${userDeviceId}`),
      [await get(`/api/peripherals/${puckSerial}`)],
      [await get(`/api/peripherals/getSpuckDetails?spuckId=${puckSerial}`)],
    ].map(
      (
        found: {
          Id: string;
          Name: string;
          Location: string;
          BatteryLevel: number;
          CallinTime: string;
        }[],
      ) =>
        found
          .filter((p) => p.Id === puckSerial)
          .map(({ Name, Location, BatteryLevel, CallinTime }) => ({
            Name,
            Location,
            BatteryLevel,
            CallinTime,
          })),
    );
    for (const view of pucks) expect(view).toEqual(pucks[0]);
    return {
      lastRead: one.LastRead,
      lastMessage: one.LastMessage,
      pucks: pucks[0] ?? [],
      lastUpdated: (await get(`/api/reportlog/lastUpdatedTime?imei=${unit.imei}`)).ReportTimestamp,
      latest: (await get(`/api/reportlog/devices/${userDeviceId}`)).ReportTimestamp,
      spuckLog: await get(`/api/reportlog/getSpuckLog?spuckId=${puckSerial}`),
    };
  };

  it('shows a sub-account nothing from before it was given the unit, and what came after (device-management §5, §6)', async () => {
    const owner = await account();
    const unit = await createDevice(t.ctx, TEST_TYPE);
    const puck = await createPuck(t.ctx);
    const ownerRow = await register(owner, unit);
    await attach(owner, ownerRow, puck.serial, 'Freezer');
    t.advanceTime(10 * MINUTE);
    await report(unit, puck.serial, 70);
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

    const ownerSees = await seenBy(owner, unit, ownerRow, puck.serial);
    expect(ownerSees).toMatchObject({
      lastRead: { ReportTimestamp: before, Temperature: 70 },
      lastMessage: before,
      pucks: [{ Name: 'Freezer', BatteryLevel: 150, CallinTime: before }],
      lastUpdated: before,
      latest: before,
    });
    expect(ownerSees.spuckLog).toHaveLength(1);
    expect(await seenBy(sub, unit, subRow.Id, puck.serial)).toEqual({
      lastRead: null,
      lastMessage: null,
      pucks: [{ Name: 'Freezer', Location: 'Freezer', BatteryLevel: null, CallinTime: null }],
      lastUpdated: null,
      latest: null,
      spuckLog: [],
    });

    t.advanceTime(10 * MINUTE);
    await report(unit, puck.serial, 71);
    const after = t.ctx.now().toISOString();
    const subSees = await seenBy(sub, unit, subRow.Id, puck.serial);
    expect(subSees).toMatchObject({
      lastRead: { ReportTimestamp: after, Temperature: 71 },
      lastMessage: after,
      pucks: [{ BatteryLevel: 150, CallinTime: after }],
      lastUpdated: after,
      latest: after,
    });
    expect(subSees.spuckLog).toHaveLength(1);
  });

  it("starts a unit's history afresh for the account that registers it after its owner removed it: no earlier names, locations, readings or puck log (device-management §5)", async () => {
    const first = await account();
    const second = await account();
    const unit = await createDevice(t.ctx, TEST_TYPE);
    const puck = await createPuck(t.ctx);
    const firstRow = await register(first, unit);
    await attach(first, firstRow, puck.serial, 'Bedroom safe');
    t.advanceTime(10 * MINUTE);
    await report(unit, puck.serial, 68);
    expect(
      (await call(first, `/api/users/${first.id}/devices/${firstRow}`, 'DELETE')).statusCode,
    ).toBe(200);

    t.advanceTime(10 * MINUTE);
    const secondRow = await register(second, unit);
    expect(await seenBy(second, unit, secondRow, puck.serial)).toEqual({
      lastRead: null,
      lastMessage: null,
      pucks: [{ Name: null, Location: null, BatteryLevel: null, CallinTime: null }],
      lastUpdated: null,
      latest: null,
      spuckLog: [],
    });
    // The first owner's readings stay in the database, theirs.
    const stored = await t.ctx.db
      .selectFrom('device_reports')
      .select('temperature')
      .where('device_id', '=', unit.id)
      .execute();
    expect(stored).toEqual([{ temperature: 68 }]);

    t.advanceTime(10 * MINUTE);
    await report(unit, puck.serial, 69);
    const now = t.ctx.now().toISOString();
    const seen = await seenBy(second, unit, secondRow, puck.serial);
    expect(seen).toMatchObject({
      lastRead: { ReportTimestamp: now, Temperature: 69 },
      pucks: [{ BatteryLevel: 150, CallinTime: now }],
      lastUpdated: now,
    });
    expect(seen.spuckLog).toEqual([
      expect.objectContaining({ ReportTimestamp: now, Temperature: 69 }),
    ]);
  });

  it("finds the newest reading a row sees in a month before its unit's last report time, and one stored after it (decision 077)", async () => {
    const owner = await account();
    const [unit, other] = [
      await createDevice(t.ctx, TEST_TYPE),
      await createDevice(t.ctx, TEST_TYPE),
    ];
    const puck = await createPuck(t.ctx);
    const unitRow = await register(owner, unit);
    const otherRow = await register(owner, other);
    const otherPuck = await createPuck(t.ctx);
    await attach(owner, unitRow, puck.serial, 'Pantry');
    await attach(owner, otherRow, otherPuck.serial, 'Porch');
    t.advanceTime(10 * MINUTE);
    await report(unit, puck.serial, 66);
    await report(other, otherPuck.serial, 67);
    const reported = t.ctx.now().toISOString();
    // The unit's and the puck's last report times say December, when none of their readings is
    // (a month gone, a time set by hand): the newest month is searched first, then the rest.
    const setLastReport = async (at: Date) => {
      await t.ctx.db
        .updateTable('devices')
        .set({ last_report_at: at })
        .where('id', '=', unit.id)
        .execute();
      await t.ctx.db
        .updateTable('peripherals')
        .set({ callin_time: at })
        .where('id', '=', puck.id)
        .execute();
    };
    await setLastReport(new Date('2026-12-03T00:00:00Z'));
    const seen = await seenBy(owner, unit, unitRow, puck.serial);
    expect(seen).toMatchObject({
      lastRead: { ReportTimestamp: reported, Temperature: 66 },
      lastUpdated: reported,
      latest: reported,
    });
    expect(seen.spuckLog).toEqual([
      expect.objectContaining({ ReportTimestamp: reported, Temperature: 66 }),
    ]);
    // In one list, the other unit's newest reading is where its last report time says.
    const list = (await call(owner, `/api/users/${owner.id}/devices`)).json<
      { Id: number; LastRead: { ReportTimestamp: string; Temperature: number } | null }[]
    >();
    expect(list.find((d) => d.Id === unitRow)?.LastRead).toMatchObject({ Temperature: 66 });
    expect(list.find((d) => d.Id === otherRow)?.LastRead).toMatchObject({
      ReportTimestamp: reported,
      Temperature: 67,
    });
    // A time before the newest reading's month bounds nothing away.
    await setLastReport(new Date('2026-10-15T00:00:00Z'));
    expect(await seenBy(owner, unit, unitRow, puck.serial)).toMatchObject({
      lastRead: { ReportTimestamp: reported, Temperature: 66 },
      latest: reported,
    });
  });

  it('shows a puck moved to another unit without its readings from before the move (device-management §5)', async () => {
    const owner = await account();
    const buyer = await account();
    const [from, to] = [await createDevice(t.ctx, TEST_TYPE), await createDevice(t.ctx, TEST_TYPE)];
    const puck = await createPuck(t.ctx);
    const fromRow = await register(owner, from);
    const toRow = await register(buyer, to);
    await attach(owner, fromRow, puck.serial, 'Cellar');
    t.advanceTime(10 * MINUTE);
    await report(from, puck.serial, 55);
    expect(
      (await call(owner, `/api/devices/${fromRow}/peripherals/${puck.serial}`, 'DELETE'))
        .statusCode,
    ).toBe(200);

    t.advanceTime(10 * MINUTE);
    await attach(buyer, toRow, puck.serial, 'Attic');
    const seen = await seenBy(buyer, to, toRow, puck.serial);
    expect(seen.pucks).toEqual([
      { Name: 'Attic', Location: 'Attic', BatteryLevel: null, CallinTime: null },
    ]);
    expect(seen.spuckLog).toEqual([]);
  });
});
