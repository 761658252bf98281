import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { attachPuck, createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { addAlarmSpell, addDeviceReadings, addPuckReadings } from '../../../test/helpers/readings';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const seconds = (at: Date | number) => Math.floor(new Date(at).getTime() / 1000);
const q = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

type Generated = { FileName: string; Url: string; ExpiresAt: string; RowCount: number };

/**
 * CSV files (device-management §7 generatefile, generatespuckfile): written through file storage
 * and fetched by the link the call answers. The clock stands at 22 November 2026, 12:00 UTC.
 */
describe('CSV files of readings (device-management §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const now = new Date('2026-11-22T12:00:00Z');
  const dayBefore = new Date('2026-11-21T05:00:00Z');
  const week = { from: seconds(new Date('2026-11-15T05:00:00Z')), to: seconds(now) };

  const ownerWithUnit = async (deviceType = 4, name = 'Cabin') => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const unit = await createDevice(t.ctx, { deviceType });
    const rowId = await registerUserDevice(t.ctx, { userId: user.id, deviceId: unit.id, name });
    return { user, token, unit, rowId };
  };
  const generate = (
    token: string,
    rowId: number,
    params: Record<string, string | number | boolean>,
    body?: unknown,
  ) =>
    injectAs(
      t.app,
      token,
      'POST',
      `/api/reportlog/devices/${rowId}/generatefile?${q(params)}`,
      body,
    );
  /** The file behind a link, as CSV records (header first). */
  const download = async (file: Generated) => {
    const response = await t.app.inject({ method: 'GET', url: file.Url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    // No field of these files holds a comma or a quote, so lines split plainly.
    return response.body
      .trimEnd()
      .split('\n')
      .map((line) => line.split(','));
  };

  it('writes a header and one line per reading, oldest first, in °F with power ON/OFF and the alarm flag (device-management §7, §9)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, {
      from: dayBefore,
      count: 3,
      temperature: '70 + i',
      humidity: '40.5',
      power: 'case when i = 1 then 0 else 1 end',
    });
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'POWER',
      from: new Date(dayBefore.getTime() + 5 * MINUTE),
      to: new Date(dayBefore.getTime() + 10 * MINUTE),
    });
    const response = await generate(token, rowId, week);
    expect(response.statusCode).toBe(200);
    const file = response.json<Generated>();
    expect(file.FileName).toBe('Cabin-2026-11-15-to-2026-11-22-readings.csv');
    expect(file.RowCount).toBe(3);
    expect(new Date(file.ExpiresAt).getTime()).toBe(now.getTime() + 300_000);
    // The device's time zone (Eastern, GMT-5) when no offset is given.
    expect(await download(file)).toEqual([
      ['Local Time', 'UTC Time', 'Temperature (°F)', 'Humidity (%)', 'Power', 'In Alarm'],
      ['2026-11-21 00:00', '2026-11-21T05:00:00.000Z', '70', '40.5', 'ON', 'NO'],
      ['2026-11-21 00:05', '2026-11-21T05:05:00.000Z', '71', '40.5', 'OFF', 'YES'],
      ['2026-11-21 00:10', '2026-11-21T05:10:00.000Z', '72', '40.5', 'ON', 'NO'],
    ]);
  });

  it('names the file after the device, its first and last day and which export, leaving out what a file name cannot hold (issue #24)', async () => {
    const { token, rowId } = await ownerWithUnit(4, 'Barn: north/south');
    const response = await generate(token, rowId, { ...week, alarmClicked: true });
    expect(response.statusCode).toBe(200);
    const file = response.json<Generated>();
    expect(file.FileName).toBe('Barn- north-south-2026-11-15-to-2026-11-22-alarms.csv');
    const opened = await t.app.inject({ method: 'GET', url: file.Url });
    expect(opened.headers['content-disposition']).toContain(
      'Barn- north-south-2026-11-15-to-2026-11-22-alarms.csv',
    );
  });

  it('takes its parameters from a JSON body too: °C, an offset in seconds and only the rows in alarm (device-management §7)', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, { from: dayBefore, count: 10, temperature: '212' });
    await addAlarmSpell(t.ctx, {
      ownerRowId: rowId,
      alarmType: 'TEMP',
      from: new Date(dayBefore.getTime() + 20 * MINUTE),
    });
    const response = await generate(
      token,
      rowId,
      {},
      { ...week, tempPref: 'C', offset: -8 * 3600, alarmClicked: true },
    );
    expect(response.statusCode).toBe(200);
    const file = response.json<Generated>();
    expect(file.RowCount).toBe(6);
    expect(file.FileName).toBe('Cabin-2026-11-14-to-2026-11-22-alarms.csv');
    const [header, first] = await download(file);
    expect(header?.[2]).toBe('Temperature (°C)');
    expect(first?.slice(0, 3)).toEqual(['2026-11-20 21:20', '2026-11-21T05:20:00.000Z', '100']);
  });

  it('pages through many readings without losing or repeating one', async () => {
    const { token, unit, rowId } = await ownerWithUnit();
    await addDeviceReadings(t.ctx, unit.id, {
      from: new Date('2026-11-15T05:00:00Z'),
      count: 12_001,
      stepMinutes: 0.5,
      temperature: 'i % 1000',
    });
    const file = (await generate(token, rowId, week)).json<Generated>();
    expect(file.RowCount).toBe(12_001);
    const lines = await download(file);
    expect(lines).toHaveLength(12_002);
    expect(lines.slice(1).map((line) => Number(line[2]))).toEqual(
      Array.from({ length: 12_001 }, (_, i) => i % 1000),
    );
  });

  it('leaves humidity out for NIST 9 and 10 and when nistDevice is set (device-management §4)', async () => {
    for (const [deviceType, nistDevice] of [
      [9, false],
      [4, true],
    ] as const) {
      const { token, unit, rowId } = await ownerWithUnit(deviceType);
      await addDeviceReadings(t.ctx, unit.id, { from: dayBefore, count: 1 });
      const file = (await generate(token, rowId, { ...week, nistDevice })).json<Generated>();
      expect((await download(file))[0]).toEqual([
        'Local Time',
        'UTC Time',
        'Temperature (°F)',
        'Power',
        'In Alarm',
      ]);
    }
  });

  it("refuses another user's device (403), bad periods (400) and a sub-account's period before its day (device-management §5)", async () => {
    const owner = await ownerWithUnit();
    const stranger = await signIn(t.app, await createUser(t.ctx));
    expect((await generate(stranger, owner.rowId, week)).statusCode).toBe(403);
    const reversed = await generate(owner.token, owner.rowId, { from: week.to, to: week.from });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toMatch(/^from: /);
    const badFlag = await generate(
      owner.token,
      owner.rowId,
      {},
      { ...week, alarmClicked: 'maybe' },
    );
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error.message).toMatch(/alarmClicked/);
    const sub = await createUser(t.ctx, { parentId: owner.user.id });
    const subRowId = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: owner.unit.id,
      parentUserDeviceId: owner.rowId,
    });
    const subToken = await signIn(t.app, sub);
    const refused = await generate(subToken, subRowId, week);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'Cannot view records for given period, please select a different time period.',
    );
    // Today is allowed; the readings before it was given the unit stay out of its file.
    await addDeviceReadings(t.ctx, owner.unit.id, {
      from: new Date(now.getTime() - HOUR),
      count: 12,
    });
    const today = { from: seconds(new Date('2026-11-22T05:00:00Z')), to: seconds(now) };
    expect((await generate(subToken, subRowId, today)).json<Generated>().RowCount).toBe(0);
    expect((await generate(owner.token, owner.rowId, today)).json<Generated>().RowCount).toBe(12);
  });

  describe('a puck (device-management §7 generatespuckfile)', () => {
    const generateSpuck = (token: string, params: Record<string, string | number | boolean>) =>
      injectAs(t.app, token, 'POST', `/api/reportlog/generatespuckfile?${q(params)}`);

    it('names the file by the unit’s serial and the puck’s and adds water and battery', async () => {
      const { token, unit } = await ownerWithUnit();
      const puck = await attachPuck(t.ctx, unit.id, { logicLevel: 32775 });
      await t.ctx.db
        .updateTable('peripherals')
        .set({ attached_at: new Date(0) })
        .where('id', '=', puck.id)
        .execute();
      await addPuckReadings(t.ctx, puck.id, {
        from: dayBefore,
        count: 2,
        temperature: '41',
        humidity: '55',
        water: 'i',
        batteryLevel: '90 - i',
      });
      const response = await generateSpuck(token, {
        serial: unit.serial,
        peripheralId: puck.serial,
        ...week,
      });
      expect(response.statusCode).toBe(200);
      const file = response.json<Generated>();
      expect(file.FileName).toBe(
        `${unit.serial}-${puck.serial}-2026-11-15-to-2026-11-22-readings.csv`,
      );
      expect(await download(file)).toEqual([
        [
          'Local Time',
          'UTC Time',
          'Temperature (°F)',
          'Humidity (%)',
          'Water',
          'Battery (%)',
          'In Alarm',
        ],
        ['2026-11-21 00:00', '2026-11-21T05:00:00.000Z', '41', '55', '0', '90', 'NO'],
        ['2026-11-21 00:05', '2026-11-21T05:05:00.000Z', '41', '55', '1', '89', 'NO'],
      ]);
    });

    it('refuses a serial that is not the puck’s unit and an unknown puck, naming the field', async () => {
      const { token, unit } = await ownerWithUnit();
      const puck = await attachPuck(t.ctx, unit.id);
      const other = await ownerWithUnit();
      const wrongSerial = await generateSpuck(token, {
        serial: other.unit.serial,
        peripheralId: puck.serial,
        ...week,
      });
      expect(wrongSerial.statusCode).toBe(400);
      expect(wrongSerial.json().error.message).toMatch(/^serial: /);
      const unknown = await generateSpuck(token, {
        serial: unit.serial,
        peripheralId: 'FFFFFFF1',
        ...week,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toMatch(/^peripheralId: /);
      const stranger = await signIn(t.app, await createUser(t.ctx));
      const foreign = await generateSpuck(stranger, {
        serial: unit.serial,
        peripheralId: puck.serial,
        ...week,
      });
      expect(foreign.statusCode).toBe(403);
    });
  });
});
