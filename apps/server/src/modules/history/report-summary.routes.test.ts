import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { attachPuck, createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { addAlarmSpell, addDeviceReadings, addPuckReadings } from '../../../test/helpers/readings';
import { sampleDeviceReadings, samplePuckReadings } from './report-summary.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A query string from parameters. */
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
const seconds = (at: Date | number) => Math.floor(new Date(at).getTime() / 1000);

type Summary = {
  tempData: [number, number][];
  humidityData: [number, number][];
  powerData: [number, number][];
  axisMin: number;
  axisMax: number;
  stats: {
    temperature: { min: number; max: number; average: number; count: number } | null;
    humidity: { min: number; max: number; average: number; count: number } | null;
  };
  alarmSpells: { AlarmType: string; from: number; to: number | null }[];
  from: number;
  to: number;
};

/**
 * The history graphs (device-management §7, §9): GET /api/reportsummary/devices/{deviceId} and
 * GET /api/reportsummary/getspuckreport/. The test clock stands at Sunday 22 November 2026,
 * 12:00 UTC, 07:00 in Eastern (GMT-5).
 */
describe('report summary (device-management §7, §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Saturday 21 November in Eastern, the day before the clock's.
  const yesterday = {
    from: new Date('2026-11-21T05:00:00Z'),
    to: new Date('2026-11-22T05:00:00Z'),
  };

  /** An owner with a unit of `deviceType`, signed in. */
  const ownerWithUnit = async (deviceType = 4) => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const unit = await createDevice(t.ctx, { deviceType });
    const rowId = await registerUserDevice(t.ctx, { userId: user.id, deviceId: unit.id });
    return { user, token, unit, rowId };
  };

  const summary = (token: string, rowId: number, params: Record<string, string | number>) =>
    injectAs(t.app, token, 'GET', `/api/reportsummary/devices/${rowId}?${q(params)}`);
  const period = (from: Date, to: Date) => ({ from: seconds(from), to: seconds(to) });

  it('downsamples a day of 288 readings to at most 100 points, keeping the first and last (device-management §9)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, {
      from: yesterday.from,
      count: 288,
      temperature: '60 + 10 * sin(i / 20.0)',
      humidity: '30 + (i % 7)',
    });
    const response = await summary(token, rowId, period(yesterday.from, yesterday.to));
    expect(response.statusCode).toBe(200);
    const body = response.json<Summary>();
    expect(body.tempData.length).toBeGreaterThan(90);
    expect(body.tempData.length).toBeLessThanOrEqual(100);
    expect(body.humidityData.length).toBeLessThanOrEqual(100);
    expect(body.tempData[0]?.[0]).toBe(yesterday.from.getTime());
    expect(body.tempData.at(-1)?.[0]).toBe(yesterday.to.getTime() - 5 * MINUTE);
    // Statistics are over every reading, not the downsampled points.
    expect(body.stats.temperature?.count).toBe(288);
    expect(body.stats.humidity).toEqual({
      min: 30,
      max: 36,
      average: expect.any(Number),
      count: 288,
    });
    expect(body.stats.temperature?.max).toBeCloseTo(70, 0);
    expect(body.stats.temperature?.min).toBeCloseTo(50, 0);
    expect(body).toMatchObject({ from: yesterday.from.getTime(), to: yesterday.to.getTime() });
  });

  it('keeps every reading when there are at most 100, however close together (device-management §9 "downsampling above 100 points")', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    // 100 readings 6 seconds apart: all in the first 10 minutes of the day.
    await addDeviceReadings(t.ctx, unit.id, {
      from: yesterday.from,
      count: 100,
      stepMinutes: 0.1,
      temperature: '(i * 7) % 31',
    });
    const body = (
      await summary(token, rowId, period(yesterday.from, yesterday.to))
    ).json<Summary>();
    expect(body.tempData).toEqual(
      Array.from({ length: 100 }, (_, i) => [yesterday.from.getTime() + i * 6000, (i * 7) % 31]),
    );
    expect(body.powerData).toHaveLength(100);
    // One more reading and the graph is downsampled to 100.
    await addDeviceReadings(t.ctx, unit.id, {
      from: new Date(yesterday.from.getTime() + HOUR),
      count: 1,
    });
    const more = (
      await summary(token, rowId, period(yesterday.from, yesterday.to))
    ).json<Summary>();
    expect(more.tempData.length).toBeLessThanOrEqual(100);
    expect(more.stats.temperature?.count).toBe(101);
  });

  it('keeps up to 2000 points for a month and 100 for a year (device-management §9)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    const monthFrom = new Date('2026-10-01T05:00:00Z');
    const monthTo = new Date('2026-11-01T05:00:00Z');
    const yearFrom = new Date('2025-11-22T05:00:00Z');
    await addDeviceReadings(t.ctx, unit.id, {
      from: yearFrom,
      count: 365 * 288,
      temperature: '50 + 30 * sin(i / 300.0) + (i % 13)',
    });
    const month = (await summary(token, rowId, period(monthFrom, monthTo))).json<Summary>();
    expect(month.tempData.length).toBeGreaterThan(1000);
    expect(month.tempData.length).toBeLessThanOrEqual(2000);
    expect(month.stats.temperature?.count).toBe(31 * 288);
    const year = (
      await summary(token, rowId, period(yearFrom, new Date('2026-11-22T05:00:00Z')))
    ).json<Summary>();
    expect(year.tempData.length).toBeLessThanOrEqual(100);
    expect(year.tempData.length).toBeGreaterThan(90);
    expect(year.stats.temperature?.count).toBe(365 * 288);
    // The year's extremes survive the reduction as points (M4 keeps each bucket's min and max).
    const values = year.tempData.map(([, value]) => value);
    expect(Math.max(...values)).toBe(year.stats.temperature?.max);
    expect(Math.min(...values)).toBe(year.stats.temperature?.min);
  });

  it('draws power as 5 for on and 5.01 for OFF (device-management §9)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, {
      from: yesterday.from,
      count: 10,
      stepMinutes: 60,
      power: 'case when i in (3, 4) then 0 else 1 end',
    });
    const body = (
      await summary(token, rowId, period(yesterday.from, yesterday.to))
    ).json<Summary>();
    expect(body.powerData.map(([, value]) => value)).toEqual([5, 5, 5, 5.01, 5.01, 5, 5, 5, 5, 5]);
  });

  it('sets the temperature axis by model and widens it 5 beyond the data (device-management §9)', async () => {
    const basic = await ownerWithUnit(1);
    await addDeviceReadings(t.ctx, basic.unit.id, {
      from: yesterday.from,
      count: 10,
      temperature: '40 + i',
    });
    const inRange = (
      await summary(basic.token, basic.rowId, period(yesterday.from, yesterday.to))
    ).json<Summary>();
    expect([inRange.axisMin, inRange.axisMax]).toEqual([0, 120]);

    const pro = await ownerWithUnit(4);
    await addDeviceReadings(t.ctx, pro.unit.id, {
      from: yesterday.from,
      count: 10,
      temperature: '-50 + i * 20',
    });
    const wide = (
      await summary(pro.token, pro.rowId, period(yesterday.from, yesterday.to))
    ).json<Summary>();
    // -50 is below -40: the axis starts 5 below it; 130 is above 120: it ends 5 above.
    expect([wide.axisMin, wide.axisMax]).toEqual([-55, 135]);
  });

  it('answers temperatures in °C with the -17 to 48 axis when asked (device-management §9)', async () => {
    const { token, unit, rowId } = await ownerWithUnit(1);
    await addDeviceReadings(t.ctx, unit.id, {
      from: yesterday.from,
      count: 3,
      temperature: 'case i when 0 then 32 when 1 then 50 else 212 end',
    });
    const body = (
      await summary(token, rowId, { ...period(yesterday.from, yesterday.to), tempPref: 'C' })
    ).json<Summary>();
    expect(body.tempData.map(([, value]) => value)).toEqual([0, 10, 100]);
    expect(body.stats.temperature).toMatchObject({ min: 0, max: 100, count: 3 });
    expect([body.axisMin, body.axisMax]).toEqual([-17, 105]);
    // Humidity is a percentage in either unit.
    expect(body.humidityData[0]?.[1]).toBe(40);
  });

  it('hides humidity on NIST types 9 and 10 (device-management §4)', async () => {
    for (const deviceType of [9, 10]) {
      const { token, unit, rowId } = await ownerWithUnit(deviceType);
      await addDeviceReadings(t.ctx, unit.id, { from: yesterday.from, count: 5 });
      const body = (
        await summary(token, rowId, period(yesterday.from, yesterday.to))
      ).json<Summary>();
      expect(body.humidityData).toEqual([]);
      expect(body.stats.humidity).toBeNull();
      expect(body.tempData).toHaveLength(5);
    }
  });

  it('clamps a period ending in the future to now and answers no future readings (issue #12)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    const now = t.ctx.now();
    await addDeviceReadings(t.ctx, unit.id, {
      from: new Date(now.getTime() - 2 * HOUR),
      count: 48,
    });
    const body = (
      await summary(
        token,
        rowId,
        period(new Date(now.getTime() - 3 * HOUR), new Date(now.getTime() + DAY)),
      )
    ).json<Summary>();
    expect(body.to).toBe(now.getTime());
    expect(body.tempData.every(([at]) => at < now.getTime())).toBe(true);
    expect(body.stats.temperature?.count).toBe(24);
  });

  it('lists the alarm spells overlapping the period, in ms (issue #12)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, { from: yesterday.from, count: 10 });
    const inside = {
      from: new Date(yesterday.from.getTime() + HOUR),
      to: new Date(yesterday.from.getTime() + 2 * HOUR),
    };
    await addAlarmSpell(t.ctx, { ownerRowId: rowId, alarmType: 'TEMP', ...inside });
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'POWER',
      from: new Date(yesterday.from.getTime() - 3 * HOUR),
      to: new Date(yesterday.from.getTime() - 2 * HOUR),
    });
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'HUMIDITY',
      from: new Date(yesterday.to.getTime() - HOUR),
    });
    const body = (
      await summary(token, rowId, period(yesterday.from, yesterday.to))
    ).json<Summary>();
    expect(body.alarmSpells).toEqual([
      { AlarmType: 'TEMP', from: inside.from.getTime(), to: inside.to.getTime() },
      { AlarmType: 'HUMIDITY', from: yesterday.to.getTime() - HOUR, to: null },
    ]);
  });

  describe('bad input is a 400 naming the field (issue #12)', () => {
    it('refuses from at or after to, a span over 366 days and a time zone off the list', async () => {
      const { token, rowId } = await ownerWithUnit();
      const reversed = await summary(token, rowId, period(yesterday.to, yesterday.from));
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error.message).toMatch(/^from: /);
      const future = await summary(
        token,
        rowId,
        period(new Date(t.ctx.now().getTime() + HOUR), new Date(t.ctx.now().getTime() + DAY)),
      );
      expect(future.statusCode).toBe(400);
      expect(future.json().error.message).toMatch(/^from: /);
      const long = await summary(
        token,
        rowId,
        period(new Date(yesterday.to.getTime() - 367 * DAY), yesterday.to),
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toMatch(/^to: /);
      const leapYear = await summary(
        token,
        rowId,
        period(new Date(yesterday.to.getTime() - 366 * DAY), yesterday.to),
      );
      expect(leapYear.statusCode).toBe(200);
      const zone = await summary(token, rowId, {
        ...period(yesterday.from, yesterday.to),
        timeZone: 2,
      });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().error.message).toMatch(/timeZone/);
      const missing = await summary(token, rowId, { from: seconds(yesterday.from) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toMatch(/to/);
    });

    it("refuses another user's device with 403, as every device call", async () => {
      const { rowId } = await ownerWithUnit();
      const stranger = await createUser(t.ctx);
      const response = await summary(
        await signIn(t.app, stranger),
        rowId,
        period(yesterday.from, yesterday.to),
      );
      expect(response.statusCode).toBe(403);
    });
  });

  it("marks each bucket's lowest reading at its earliest time and its highest at its latest when either recurs (decision 030, 077)", async () => {
    const { unit } = await ownerWithUnit();
    const puck = await attachPuck(t.ctx, unit.id, { logicLevel: 32774 });
    // Six readings in one bucket: 40 and 60 each twice, humidity's 30 and 35 likewise.
    const temperatures = [50, 40, 60, 40, 60, 55];
    const humidities = [33, 30, 35, 30, 35, 32];
    const values = (list: number[]) => `(array[${list.join(', ')}])[i + 1]`;
    const reading = { from: yesterday.from, count: 6, temperature: values(temperatures) };
    await addDeviceReadings(t.ctx, unit.id, {
      ...reading,
      humidity: values(humidities),
      power: values([1, 0, 1, 0, 1, 1]),
    });
    await addPuckReadings(t.ctx, puck.id, { ...reading, humidity: values(humidities) });
    const at = (i: number) => yesterday.from.getTime() + i * 5 * MINUTE;
    // M4 keeps the first, the lowest, the highest and the last of the bucket.
    const expected = (list: number[], low: number, high: number) =>
      [0, low, high, 5].map((i) => ({ x: at(i), y: list[i] }));
    const options = { window: yesterday, bucketCount: 1, keepAllUpTo: 0 };
    const device = await sampleDeviceReadings(t.ctx.db, { deviceId: unit.id, ...options });
    const puckSample = await samplePuckReadings(t.ctx.db, { peripheralId: puck.id, ...options });
    for (const sample of [device, puckSample]) {
      expect(sample.temperature.points).toEqual(expected(temperatures, 1, 4));
      expect(sample.humidity.points).toEqual(expected(humidities, 1, 4));
      expect(sample.temperature.stats).toEqual({ min: 40, max: 60, sum: 305, count: 6 });
    }
    // Power: the first time at each level, on (5) and OFF (5.01).
    expect(device.power.points).toEqual([
      { x: at(0), y: 5 },
      { x: at(1), y: 5.01 },
      { x: at(5), y: 5 },
    ]);
  });

  describe('a sub-account (device-management §5, §6)', () => {
    /** An owner's unit with readings all along, given to a sub-account at the clock's now (07:00 Eastern). */
    const givenToSubAccount = async () => {
      const owner = await ownerWithUnit();
      await addDeviceReadings(t.ctx, owner.unit.id, {
        from: new Date('2026-11-20T05:00:00Z'),
        count: 55 * 12, // until the clock's now
        temperature: '60',
      });
      const sub = await createUser(t.ctx, { parentId: owner.user.id });
      const subRowId = await registerUserDevice(t.ctx, {
        userId: sub.id,
        deviceId: owner.unit.id,
        parentUserDeviceId: owner.rowId,
      });
      return { owner, token: await signIn(t.app, sub), subRowId };
    };

    it('refuses a period starting before the day it was given the unit with the §5 message (device-management §5)', async () => {
      const { token, subRowId } = await givenToSubAccount();
      const response = await summary(token, subRowId, period(yesterday.from, yesterday.to));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'Cannot view records for given period, please select a different time period.',
      );
      // 23:00 the evening before, in Eastern: still the day before.
      const lateEvening = await summary(
        token,
        subRowId,
        period(new Date('2026-11-22T04:00:00Z'), t.ctx.now()),
      );
      expect(lateEvening.statusCode).toBe(400);
    });

    it('allows "Today" on that day and shows only readings since it was given the unit (device-management §5, §6)', async () => {
      const { token, subRowId, owner } = await givenToSubAccount();
      const today = period(new Date('2026-11-22T05:00:00Z'), new Date('2026-11-23T05:00:00Z'));
      const sub = (await summary(token, subRowId, today)).json<Summary>();
      expect(sub.stats.temperature).toBeNull();
      expect(sub.tempData).toEqual([]);
      t.advanceTime(HOUR);
      await addDeviceReadings(t.ctx, owner.unit.id, {
        from: new Date('2026-11-22T12:05:00Z'),
        count: 3,
        temperature: '80',
      });
      const later = (await summary(token, subRowId, today)).json<Summary>();
      expect(later.stats.temperature).toMatchObject({ min: 80, max: 80, count: 3 });
      // The owner sees the whole day.
      const whole = (await summary(owner.token, owner.rowId, today)).json<Summary>();
      expect(whole.stats.temperature?.count).toBeGreaterThan(3);
      t.advanceTime(-HOUR);
    });
  });

  describe('a puck (device-management §4, §7, §9)', () => {
    const spuck = (token: string, params: Record<string, string | number>) =>
      injectAs(t.app, token, 'GET', `/api/reportsummary/getspuckreport/?${q(params)}`);
    const withPuck = async (logicLevel: number) => {
      const owner = await ownerWithUnit();
      const puck = await attachPuck(t.ctx, owner.unit.id, { logicLevel });
      await t.ctx.db
        .updateTable('peripherals')
        .set({ attached_at: new Date(0) })
        .where('id', '=', puck.id)
        .execute();
      return { ...owner, puck };
    };

    it('downsamples a puck to at most 250 points and drops the 99.90 reading (device-management §4, §9)', async () => {
      const { token, rowId, puck } = await withPuck(32775);
      await addPuckReadings(t.ctx, puck.id, {
        from: yesterday.from,
        count: 288,
        temperature: 'case when i = 10 then 99.9 else 40 + (i % 17) end',
        humidity: '50',
      });
      const body = (
        await spuck(token, {
          deviceId: rowId,
          peripheralId: puck.serial,
          ...period(yesterday.from, yesterday.to),
        })
      ).json<Summary>();
      expect(body.tempData.length).toBeGreaterThan(200);
      expect(body.tempData.length).toBeLessThanOrEqual(250);
      expect(body.humidityData.length).toBeLessThanOrEqual(250);
      expect(body.stats.temperature).toMatchObject({ count: 287, max: 56, min: 40 });
      expect(body.powerData).toEqual([]);
    });

    it('graphs what the LogicLevel shows: 32772 humidity only, 32770 temperature only, 32769 nothing (device-management §4)', async () => {
      const graphed = async (logicLevel: number) => {
        const { token, rowId, puck } = await withPuck(logicLevel);
        await addPuckReadings(t.ctx, puck.id, { from: yesterday.from, count: 4 });
        const body = (
          await spuck(token, {
            deviceId: rowId,
            peripheralId: puck.serial,
            ...period(yesterday.from, yesterday.to),
          })
        ).json<Summary>();
        return [body.tempData.length, body.humidityData.length];
      };
      expect(await graphed(32772)).toEqual([0, 4]);
      expect(await graphed(32770)).toEqual([4, 0]);
      expect(await graphed(32769)).toEqual([0, 0]);
      expect(await graphed(32774)).toEqual([4, 4]);
    });

    it('refuses an unknown puck and a puck on another unit with a 400 naming peripheralId', async () => {
      const { token, rowId } = await withPuck(32775);
      const elsewhere = await withPuck(32775);
      for (const peripheralId of ['00000000', elsewhere.puck.serial]) {
        const response = await spuck(token, {
          deviceId: rowId,
          peripheralId,
          ...period(yesterday.from, yesterday.to),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toMatch(/^peripheralId: /);
      }
      const stranger = await signIn(t.app, await createUser(t.ctx));
      const foreign = await spuck(stranger, {
        deviceId: elsewhere.rowId,
        peripheralId: elsewhere.puck.serial,
        ...period(yesterday.from, yesterday.to),
      });
      expect(foreign.statusCode).toBe(403);
    });

    it("shows a puck's readings only from its attachment to the unit (decision 017)", async () => {
      const { token, rowId, puck } = await withPuck(32774);
      await addPuckReadings(t.ctx, puck.id, { from: yesterday.from, count: 288 });
      const attachedAt = new Date(yesterday.from.getTime() + 12 * HOUR);
      await t.ctx.db
        .updateTable('peripherals')
        .set({ attached_at: attachedAt })
        .where('id', '=', puck.id)
        .execute();
      const body = (
        await spuck(token, {
          deviceId: rowId,
          peripheralId: puck.serial,
          ...period(yesterday.from, yesterday.to),
        })
      ).json<Summary>();
      expect(body.stats.temperature?.count).toBe(144);
      expect(body.tempData[0]?.[0]).toBe(attachedAt.getTime());
    });
  });
});
