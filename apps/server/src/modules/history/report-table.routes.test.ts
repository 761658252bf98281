import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { attachPuck, createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { addAlarmSpell, addDeviceReadings, addPuckReadings } from '../../../test/helpers/readings';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const seconds = (at: Date | number) => Math.floor(new Date(at).getTime() / 1000);
const q = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

type Row = {
  ReportTimestamp: string;
  LocalTime: string;
  Temperature: number | null;
  Humidity: number | null;
  Power: 'ON' | 'OFF' | null;
  Water: number | null;
  Motion: number | null;
  BatteryLevel: number | null;
  InAlarm: boolean;
};
type Table = { rows: Row[]; nextCursor: string | null };

/**
 * The report tables (device-management §4, §7, §9): GET /api/reporttable/devices/{deviceId} and
 * GET /api/reporttable/queryspucktable/. The clock stands at 22 November 2026, 12:00 UTC.
 */
describe('report tables (device-management §4, §7, §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dayBefore = new Date('2026-11-21T05:00:00Z');
  /** The test clock's start (createTestApp's default); these tests never move it. */
  const now = new Date('2026-11-22T12:00:00Z');
  const week = { from: seconds(new Date('2026-11-15T05:00:00Z')), to: seconds(now) };

  const ownerWithUnit = async (deviceType = 4) => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const unit = await createDevice(t.ctx, { deviceType });
    const rowId = await registerUserDevice(t.ctx, { userId: user.id, deviceId: unit.id });
    return { user, token, unit, rowId };
  };
  const table = (token: string, rowId: number, params: Record<string, string | number | boolean>) =>
    injectAs(t.app, token, 'GET', `/api/reporttable/devices/${rowId}?${q(params)}`);

  it('loads 500 rows a page, newest first, with a cursor to the next until the end (device-management §4, §9)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, {
      from: dayBefore,
      count: 1200,
      stepMinutes: 1,
      temperature: 'i',
    });
    const seen: Row[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const response = await table(token, rowId, { ...week, ...(cursor && { cursor }) });
      expect(response.statusCode).toBe(200);
      const page = response.json<Table>();
      sizes.push(page.rows.length);
      seen.push(...page.rows);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([500, 500, 200]);
    // Every reading once, newest first: temperatures 1199 down to 0.
    expect(seen.map((row) => row.Temperature)).toEqual(
      Array.from({ length: 1200 }, (_, i) => 1199 - i),
    );
  });

  it('ends on a full last page with no cursor (device-management §4 "load more")', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, { from: dayBefore, count: 500, stepMinutes: 1 });
    const page = (await table(token, rowId, week)).json<Table>();
    expect(page.rows).toHaveLength(500);
    expect(page.nextCursor).toBeNull();
  });

  it('keeps only rows in an alarm spell with alarmBool, and marks them without it (device-management §4)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, { from: dayBefore, count: 100, temperature: 'i' });
    // Readings 10 to 19 are in alarm: the spell opens with reading 10 and closes with reading 20.
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'TEMP',
      from: new Date(dayBefore.getTime() + 10 * 5 * MINUTE),
      to: new Date(dayBefore.getTime() + 20 * 5 * MINUTE),
    });
    // Still open: readings 95 to 99.
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'POWER',
      from: new Date(dayBefore.getTime() + 95 * 5 * MINUTE),
    });
    // Readings 12 to 14 are in a second spell too: still listed once.
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'HUMIDITY',
      from: new Date(dayBefore.getTime() + 12 * 5 * MINUTE),
      to: new Date(dayBefore.getTime() + 15 * 5 * MINUTE),
    });
    const inAlarm = (await table(token, rowId, { ...week, alarmBool: true })).json<Table>();
    expect(inAlarm.rows.map((row) => row.Temperature)).toEqual([
      99, 98, 97, 96, 95, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
    ]);
    expect(inAlarm.rows.every((row) => row.InAlarm)).toBe(true);
    const all = (await table(token, rowId, { ...week, alarmBool: 'false' })).json<Table>();
    expect(all.rows).toHaveLength(100);
    expect(all.rows.filter((row) => row.InAlarm)).toHaveLength(15);
  });

  it('pages the rows in alarm by the cursor too, across spells (device-management §4)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, {
      from: dayBefore,
      count: 1500,
      stepMinutes: 1,
      temperature: 'i',
    });
    // Readings 0–699 and 900–1499 are in alarm (the second spell still open): 1300 rows.
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'TEMP',
      from: dayBefore,
      to: new Date(dayBefore.getTime() + 700 * MINUTE),
    });
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'POWER',
      from: new Date(dayBefore.getTime() + 900 * MINUTE),
    });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Table = (
        await table(token, rowId, { ...week, alarmBool: true, ...(cursor && { cursor }) })
      ).json<Table>();
      seen.push(...page.rows.map((row) => row.Temperature ?? -1));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = Array.from({ length: 1500 }, (_, i) => 1499 - i).filter(
      (i) => i < 700 || i >= 900,
    );
    expect(seen).toEqual(expected);
  });

  it('answers values in the caller’s unit and times in the given time zone (device-management §9)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, {
      from: dayBefore,
      count: 2,
      temperature: 'case i when 0 then 212 else 32 end',
      humidity: '45.25',
      power: 'i',
    });
    const [newest, oldest] = (
      await table(token, rowId, { ...week, tempPref: 'C', timeZone: -5 })
    ).json<Table>().rows;
    expect(oldest).toMatchObject({
      ReportTimestamp: '2026-11-21T05:00:00.000Z',
      LocalTime: '2026-11-21 00:00',
      Temperature: 100,
      Humidity: 45.3,
      Power: 'OFF',
      InAlarm: false,
    });
    expect(newest).toMatchObject({ LocalTime: '2026-11-21 00:05', Temperature: 0, Power: 'ON' });
    const pacific = (await table(token, rowId, { ...week, timeZone: -8 })).json<Table>().rows;
    expect(pacific.at(-1)).toMatchObject({ LocalTime: '2026-11-20 21:00', Temperature: 212 });
  });

  it('shows no reading after now when to is in the future (issue #12)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, { from: new Date(now.getTime() - HOUR), count: 24 });
    const page = (
      await table(token, rowId, { from: week.from, to: seconds(now.getTime() + DAY) })
    ).json<Table>();
    expect(page.rows).toHaveLength(12);
    expect(page.rows[0]?.ReportTimestamp).toBe(new Date(now.getTime() - 5 * MINUTE).toISOString());
  });

  it('refuses a cursor it did not give and bad periods with a 400 naming the field', async () => {
    const { token, rowId } = await ownerWithUnit();
    for (const cursor of ['nonsense', Buffer.from('t:abc').toString('base64url'), '%%%']) {
      const response = await table(token, rowId, { ...week, cursor });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/^cursor: /);
    }
    const reversed = await table(token, rowId, { from: week.to, to: week.from });
    expect(reversed.json().error.message).toMatch(/^from: /);
    // Tables have no 366-day limit: a page is 500 rows whatever the period.
    const twoYears = await table(token, rowId, { from: week.to - 2 * 366 * 86_400, to: week.to });
    expect(twoYears.statusCode).toBe(200);
    const zone = await table(token, rowId, { ...week, timeZone: 5 });
    expect(zone.statusCode).toBe(400);
  });

  it("refuses another user's device (403) and a sub-account's period before its day (device-management §5)", async () => {
    const owner = await ownerWithUnit();
    const stranger = await signIn(t.app, await createUser(t.ctx));
    expect((await table(stranger, owner.rowId, week)).statusCode).toBe(403);
    const sub = await createUser(t.ctx, { parentId: owner.user.id });
    const subRowId = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: owner.unit.id,
      parentUserDeviceId: owner.rowId,
    });
    const subToken = await signIn(t.app, sub);
    const refused = await table(subToken, subRowId, week);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'Cannot view records for given period, please select a different time period.',
    );
    await addDeviceReadings(t.ctx, owner.unit.id, {
      from: new Date(now.getTime() - HOUR),
      count: 12,
    });
    const today = { from: seconds(new Date('2026-11-22T05:00:00Z')), to: seconds(now) };
    expect((await table(subToken, subRowId, today)).json<Table>().rows).toEqual([]);
    expect((await table(owner.token, owner.rowId, today)).json<Table>().rows).toHaveLength(12);
  });

  describe('a puck (device-management §7 queryspucktable)', () => {
    const spuckTable = (token: string, params: Record<string, string | number | boolean>) =>
      injectAs(t.app, token, 'GET', `/api/reporttable/queryspucktable/?${q(params)}`);

    it('finds the puck by its serial and shows water and battery, sentinels as null', async () => {
      const { token, unit, rowId } = await ownerWithUnit();
      const puck = await attachPuck(t.ctx, unit.id, { logicLevel: 32775 });
      await t.ctx.db
        .updateTable('peripherals')
        .set({ attached_at: new Date(0) })
        .where('id', '=', puck.id)
        .execute();
      await addPuckReadings(t.ctx, puck.id, {
        from: dayBefore,
        count: 3,
        temperature: 'case i when 1 then 99.9 else 41 end',
        water: 'i % 2',
        batteryLevel: '80 - i',
      });
      await addAlarmSpell(t.ctx, {
        ownerRowId: rowId,
        peripheralId: puck.id,
        alarmType: 'WATER',
        from: new Date(dayBefore.getTime() + 5 * MINUTE),
        to: new Date(dayBefore.getTime() + 10 * MINUTE),
      });
      const page = (await spuckTable(token, { peripheralId: puck.serial, ...week })).json<Table>();
      expect(
        page.rows.map(({ Temperature, Water, BatteryLevel, Power, InAlarm }) => ({
          Temperature,
          Water,
          BatteryLevel,
          Power,
          InAlarm,
        })),
      ).toEqual([
        { Temperature: 41, Water: 0, BatteryLevel: 78, Power: null, InAlarm: false },
        { Temperature: null, Water: 1, BatteryLevel: 79, Power: null, InAlarm: true },
        { Temperature: 41, Water: 0, BatteryLevel: 80, Power: null, InAlarm: false },
      ]);
      // The serial as shown, with hyphens, names the same puck.
      const hyphenated = puck.serial.match(/../g)!.join('-');
      expect(
        (await spuckTable(token, { peripheralId: hyphenated, ...week })).json<Table>().rows,
      ).toHaveLength(3);
    });

    it('refuses an unknown puck with a 400 naming peripheralId and a stranger with 403', async () => {
      const { token, unit } = await ownerWithUnit();
      const puck = await attachPuck(t.ctx, unit.id);
      const unknown = await spuckTable(token, { peripheralId: 'FFFFFFF0', ...week });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toMatch(/^peripheralId: /);
      const stranger = await signIn(t.app, await createUser(t.ctx));
      expect((await spuckTable(stranger, { peripheralId: puck.serial, ...week })).statusCode).toBe(
        403,
      );
    });

    it("shows a puck's readings only from its attachment (decision 017)", async () => {
      const { token, unit } = await ownerWithUnit();
      const puck = await attachPuck(t.ctx, unit.id);
      await t.ctx.db
        .updateTable('peripherals')
        .set({ attached_at: new Date(dayBefore.getTime() + HOUR) })
        .where('id', '=', puck.id)
        .execute();
      await addPuckReadings(t.ctx, puck.id, { from: dayBefore, count: 24 });
      const page = (await spuckTable(token, { peripheralId: puck.serial, ...week })).json<Table>();
      expect(page.rows).toHaveLength(12);
    });
  });
});
