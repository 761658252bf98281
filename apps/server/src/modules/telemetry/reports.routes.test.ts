import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createLogger } from '../../platform/config/logger';
import {
  attachPuck,
  createDevice,
  deviceAuth,
  type TestDevice,
} from '../../../test/helpers/devices';
import type { ReportsStored } from './reports-stored';

const T0 = Date.parse('2026-11-22T04:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const reading = (minutes: number, extra: Record<string, unknown> = {}) => ({
  ReportTimestamp: at(minutes),
  Temperature: 68.4,
  Humidity: 41,
  Power: 1,
  SignalStrength: 22,
  ...extra,
});

describe('POST /device-api/v1/reports (docs/device-protocol.md)', () => {
  let t: TestApp;
  let unit: TestDevice;
  let other: TestDevice;
  let puck: { id: number; serial: string };
  let otherPuck: { id: number; serial: string };
  const heard: ReportsStored[] = [];
  /** What the route logs, warnings and up (the route's own level). */
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      logger: createLogger('warn', { write: (line: string) => void logLines.push(line) }),
    });
    t.ctx.onReportsStored.push((_ctx, stored) => {
      heard.push(stored);
      return Promise.resolve();
    });
    unit = await createDevice(t.ctx);
    other = await createDevice(t.ctx);
    puck = await attachPuck(t.ctx, unit.id);
    otherPuck = await attachPuck(t.ctx, other.id);
  });
  afterAll(() => t.close());

  const post = (body: unknown, device: { imei: string; key: string } | null = unit) =>
    t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      payload: body as object,
      ...(device && { headers: deviceAuth(device) }),
    });
  const countReports = async (deviceId: number) =>
    (
      await t.ctx.db
        .selectFrom('device_reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).n;
  const queue = (deviceId: number, command: 'RPT' | 'RLY' | 'UPD' | 'DOG') =>
    t.ctx.db
      .insertInto('device_commands')
      .values({ device_id: deviceId, command, created_at: t.ctx.now() })
      .returningAll()
      .executeTakeFirstOrThrow();

  it("answers 401 'Unknown device or wrong device key.' without credentials, with a wrong key or an unknown IMEI", async () => {
    const body = { Reports: [reading(0)] };
    for (const device of [
      null,
      { imei: unit.imei, key: 'not-the-key' },
      { imei: unit.imei, key: other.key },
      { imei: '490154203237518', key: unit.key },
      { imei: 'garbage', key: unit.key },
    ]) {
      const response = await post(body, device);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 401, message: 'Unknown device or wrong device key.' },
      });
      expect(response.headers['www-authenticate']).toMatch(/^Basic/);
    }
    expect(await countReports(unit.id)).toBe('0');
  });

  it('answers 401, not 400, to a stranger sending a bad body', async () => {
    const response = await post({ Reports: 'nonsense' }, { imei: unit.imei, key: 'wrong' });
    expect(response.statusCode).toBe(401);
  });

  it('stores a batch, the unit and puck readings, and answers the counts', async () => {
    const response = await post({
      Reports: [
        reading(0, {
          Water: 0,
          Motion: 1,
          Peripherals: [
            { Id: puck.serial, Temperature: 36.5, Humidity: 55, Water: 0, BatteryLevel: 180 },
          ],
        }),
        reading(10, {
          Temperature: 70.1,
          Peripherals: [{ Id: puck.serial.toLowerCase(), Temperature: 37, BatteryLevel: 179 }],
        }),
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Accepted: 2,
      Duplicates: 0,
      Refused: 0,
      RefusedReports: [],
      Commands: [],
    });
    const rows = await t.ctx.db
      .selectFrom('device_reports')
      .selectAll()
      .where('device_id', '=', unit.id)
      .orderBy('report_timestamp')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      report_timestamp: new Date(at(0)),
      power: 1,
      signal_strength: 22,
      water: 0,
      motion: 1,
      received_at: t.ctx.now(),
    });
    expect(rows[0]!.temperature).toBeCloseTo(68.4, 4);
    expect(rows[1]!.temperature).toBeCloseTo(70.1, 4);
    const puckRows = await t.ctx.db
      .selectFrom('peripheral_reports')
      .selectAll()
      .where('peripheral_id', '=', puck.id)
      .orderBy('report_timestamp')
      .execute();
    expect(puckRows.map((row) => row.battery_level)).toEqual([180, 179]);
    const puckState = await t.ctx.db
      .selectFrom('peripherals')
      .select(['battery_level', 'callin_time'])
      .where('id', '=', puck.id)
      .executeTakeFirstOrThrow();
    expect(puckState).toEqual({ battery_level: 179, callin_time: new Date(at(10)) });
    const device = await t.ctx.db
      .selectFrom('devices')
      .select(['last_report_at', 'firmware_version'])
      .where('id', '=', unit.id)
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ last_report_at: new Date(at(10)), firmware_version: '10.6' });
  });

  it('tells the reports-stored listeners what was newly stored, after the commit', async () => {
    heard.length = 0;
    const response = await post({
      Reports: [reading(20, { Peripherals: [{ Id: puck.serial, Water: 1 }] }), reading(10)],
    });
    expect(response.json()).toMatchObject({ Accepted: 1, Duplicates: 1 });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      device: { id: unit.id, imei: unit.imei, serialNumber: unit.serial },
      reports: [
        {
          reportTimestamp: new Date(at(20)),
          power: 1,
          peripherals: [{ peripheralId: puck.id, serial: puck.serial, water: 1 }],
        },
      ],
    });
  });

  it('tells the listeners nothing of a resent batch with puck readings, and stores each puck reading once', async () => {
    const batch = {
      Reports: [
        reading(-120, { Peripherals: [{ Id: puck.serial, Temperature: 35, BatteryLevel: 170 }] }),
        reading(-119, { Peripherals: [{ Id: puck.serial, Temperature: 36, BatteryLevel: 169 }] }),
      ],
    };
    heard.length = 0;
    expect((await post(batch)).json()).toMatchObject({ Accepted: 2, Duplicates: 0 });
    expect((await post(batch)).json()).toMatchObject({ Accepted: 0, Duplicates: 2 });
    expect(heard.map((stored) => stored.reports.length)).toEqual([2, 0]);
    expect(heard[0]!.reports.map((report) => report.peripherals.length)).toEqual([1, 1]);
    const puckRows = await t.ctx.db
      .selectFrom('peripheral_reports')
      .select('report_timestamp')
      .where('peripheral_id', '=', puck.id)
      .where('report_timestamp', 'in', [new Date(at(-120)), new Date(at(-119))])
      .execute();
    expect(puckRows).toHaveLength(2);
  });

  it('stores a resent reading once and counts it as a duplicate, also within one batch', async () => {
    const first = await post({ Reports: [reading(30), reading(30), reading(31)] });
    expect(first.json()).toMatchObject({ Accepted: 2, Duplicates: 1 });
    const again = await post({
      Reports: [reading(30), reading(31, { ReportTimestamp: '2026-11-21T23:31:00-05:00' })],
    });
    expect(again.json()).toMatchObject({ Accepted: 0, Duplicates: 2 });
    const rows = await t.ctx.db
      .selectFrom('device_reports')
      .select('report_timestamp')
      .where('device_id', '=', unit.id)
      .where('report_timestamp', 'in', [new Date(at(30)), new Date(at(31))])
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('does not move the last report time back for an older batch sent late', async () => {
    await post({ Reports: [reading(-60)] });
    const device = await t.ctx.db
      .selectFrom('devices')
      .select('last_report_at')
      .where('id', '=', unit.id)
      .executeTakeFirstOrThrow();
    expect(device.last_report_at).toEqual(new Date(at(31)));
  });

  it.each([
    ['Reports.1.Humidity', { Humidity: 140 }],
    ['Reports.1.Temperature', { Temperature: 'warm' }],
    ['Reports.1.Power', { Power: 2 }],
    ['Reports.1.SignalStrength', { SignalStrength: 40 }],
    ['Reports.1.ReportTimestamp', { ReportTimestamp: '2026-11-22 11:50' }],
    ['Reports.1.Peripherals.0.BatteryLevel', { Peripherals: [{ Id: 'AB', BatteryLevel: 300 }] }],
    ['Reports.1.Peripherals.0.Id', { Peripherals: [{ Id: 'not-hex!' }] }],
  ])('answers 400 naming %s and stores nothing of the batch', async (field, bad) => {
    const before = await countReports(unit.id);
    const response = await post({ Reports: [reading(40), reading(41, bad)] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(400);
    expect(response.json().error.message).toContain(field);
    expect(await countReports(unit.id)).toBe(before);
  });

  describe('readings dated by a wrong clock (issue #22, decision 055)', () => {
    // Provisioned on 1 November; the test clock says 22 November, 12:00.
    const provisionedAt = new Date('2026-11-01T09:00:00Z');
    let early: TestDevice;
    let earlyPuck: { id: number; serial: string };
    beforeAll(async () => {
      early = await createDevice(t.ctx, { provisionedAt });
      earlyPuck = await attachPuck(t.ctx, early.id);
    });
    const readingsOf = (table: 'device_reports' | 'peripheral_reports', where: number) =>
      t.ctx.db
        .selectFrom(table)
        .select('report_timestamp')
        .where(table === 'device_reports' ? 'device_id' : 'peripheral_id', '=', where)
        .orderBy('report_timestamp')
        .execute();

    it('device protocol: a reading dated 1970 or before the unit was provisioned is refused and stored nowhere', async () => {
      heard.length = 0;
      logLines.length = 0;
      const withPuck = { Peripherals: [{ Id: earlyPuck.serial, Temperature: 40 }] };
      const response = await post(
        {
          Reports: [
            reading(0, withPuck),
            { ...reading(0, withPuck), ReportTimestamp: '1970-01-01T00:00:00Z' },
            // Two days before the provisioning: past the day of clock skew allowed.
            { ...reading(0, withPuck), ReportTimestamp: '2026-10-30T09:00:00Z' },
            // Twelve hours before it: within the skew, a true reading.
            { ...reading(0), ReportTimestamp: '2026-10-31T21:00:00Z' },
            // A refused reading's firmware is not believed either.
            { ...reading(0, { FirmwareVersion: '1.0' }), ReportTimestamp: '1970-01-02T00:00:00Z' },
          ],
        },
        early,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        Accepted: 2,
        Duplicates: 0,
        Refused: 3,
        RefusedReports: [1, 2, 4].map((index) => ({
          Index: index,
          Message: `Reports.${index}.ReportTimestamp: dated before the unit was provisioned (2026-11-01T09:00:00.000Z): its clock is wrong; not stored.`,
        })),
        Commands: [],
      });
      expect(await readingsOf('device_reports', early.id)).toEqual([
        { report_timestamp: new Date('2026-10-31T21:00:00Z') },
        { report_timestamp: new Date(at(0)) },
      ]);
      expect(await readingsOf('peripheral_reports', earlyPuck.id)).toEqual([
        { report_timestamp: new Date(at(0)) },
      ]);
      const row = await t.ctx.db
        .selectFrom('devices')
        .select(['last_report_at', 'firmware_version'])
        .where('id', '=', early.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ last_report_at: new Date(at(0)), firmware_version: '10.6' });
      // The listeners (alarms, live channel) hear only what was stored.
      expect(heard[0]?.reports.map((report) => report.reportTimestamp)).toEqual([
        new Date('2026-10-31T21:00:00Z'),
        new Date(at(0)),
      ]);
      const warning = logLines.map((line) => JSON.parse(line)).find((line) => line.refused);
      expect(warning).toMatchObject({
        level: 40,
        msg: 'readings refused for their date',
        imei: early.imei,
        refused: [
          { Index: 1, ReportTimestamp: '1970-01-01T00:00:00Z' },
          { Index: 2, ReportTimestamp: '2026-10-30T09:00:00Z' },
          { Index: 4, ReportTimestamp: '1970-01-02T00:00:00Z' },
        ],
      });
    });

    it('device protocol: a reading more than 5 minutes ahead of the server is refused and stored nowhere, the rest of the batch kept', async () => {
      const now = t.ctx.now().getTime();
      const ahead = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
      const response = await post(
        {
          Reports: [
            { ...reading(0), ReportTimestamp: ahead(-1) },
            { ...reading(0), ReportTimestamp: ahead(6) },
            { ...reading(0), ReportTimestamp: ahead(4) },
          ],
        },
        early,
      );
      expect(response.json()).toMatchObject({
        Accepted: 2,
        Refused: 1,
        RefusedReports: [
          {
            Index: 1,
            Message:
              'Reports.1.ReportTimestamp: more than 5 minutes ahead of the server: its clock is wrong; not stored.',
          },
        ],
      });
      const stored = await readingsOf('device_reports', early.id);
      expect(stored.map((row) => row.report_timestamp.toISOString())).not.toContain(ahead(6));
      const row = await t.ctx.db
        .selectFrom('devices')
        .select('last_report_at')
        .where('id', '=', early.id)
        .executeTakeFirstOrThrow();
      expect(row.last_report_at).toEqual(new Date(ahead(4)));
    });

    it('answers a batch refused whole with 200 and no reading stored, the unit left as it was', async () => {
      const bare = await createDevice(t.ctx);
      const response = await post(
        { Reports: [{ ...reading(0), ReportTimestamp: '1970-01-01T00:00:00Z' }] },
        bare,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ Accepted: 0, Duplicates: 0, Refused: 1 });
      expect(await readingsOf('device_reports', bare.id)).toEqual([]);
      const row = await t.ctx.db
        .selectFrom('devices')
        .select('last_report_at')
        .where('id', '=', bare.id)
        .executeTakeFirstOrThrow();
      expect(row.last_report_at).toBeNull();
    });

    it('still answers 400 for a puck not attached to this unit in a reading refused for its date', async () => {
      const response = await post(
        {
          Reports: [
            reading(0),
            {
              ...reading(0, { Peripherals: [{ Id: 'FFFFFFFF', Water: 0 }] }),
              ReportTimestamp: '1970-01-01T00:00:00Z',
            },
          ],
        },
        early,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain('Reports.1.Peripherals.0.Id');
    });
  });

  it("answers 400 for a reading of a puck not attached to this unit (another unit's, or unknown) and stores nothing", async () => {
    const before = await countReports(unit.id);
    for (const id of [otherPuck.serial, 'FFFFFFFF']) {
      const response = await post({
        Reports: [reading(50), reading(51, { Peripherals: [{ Id: id, Water: 0 }] })],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        `Reports.1.Peripherals.0.Id: SPuck ${id} is not attached to this unit.`,
      );
    }
    expect(await countReports(unit.id)).toBe(before);
    const puckRows = await t.ctx.db
      .selectFrom('peripheral_reports')
      .select('peripheral_id')
      .where('peripheral_id', '=', otherPuck.id)
      .execute();
    expect(puckRows).toEqual([]);
  });

  it('answers 400 for a body that is not a batch, or too big a batch', async () => {
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ Reports: {} })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => reading(100 + i));
    const response = await post({ Reports: tooMany });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Reports');
  });

  it('hands over waiting commands oldest first, stamps their delivery, and keeps answering them until acknowledged', async () => {
    const rpt = await queue(unit.id, 'RPT');
    t.advanceTime(1000);
    const rly = await queue(unit.id, 'RLY');
    await queue(other.id, 'UPD');
    t.advanceTime(1000);
    const poll = await post({ Reports: [] });
    expect(poll.statusCode).toBe(200);
    expect(poll.json()).toEqual({
      Accepted: 0,
      Duplicates: 0,
      Refused: 0,
      RefusedReports: [],
      Commands: [
        { Id: rpt.id, Command: 'RPT', IssuedAt: rpt.created_at.toISOString() },
        { Id: rly.id, Command: 'RLY', IssuedAt: rly.created_at.toISOString() },
      ],
    });
    const deliveredAt = t.ctx.now();
    t.advanceTime(5000);
    const again = await post({ Reports: [] });
    expect(again.json().Commands.map((c: { Id: number }) => c.Id)).toEqual([rpt.id, rly.id]);
    const row = await t.ctx.db
      .selectFrom('device_commands')
      .selectAll()
      .where('id', '=', rpt.id)
      .executeTakeFirstOrThrow();
    expect(row.delivered_at).toEqual(deliveredAt);
    expect(row.acked_at).toBeNull();
  });

  it("records acknowledgements of this unit's commands only, and stops answering them", async () => {
    const waiting = await t.ctx.db
      .selectFrom('device_commands')
      .selectAll()
      .where('acked_at', 'is', null)
      .orderBy('id')
      .execute();
    const mine = waiting.filter((c) => c.device_id === unit.id).map((c) => c.id);
    const theirs = waiting.filter((c) => c.device_id === other.id).map((c) => c.id);
    expect(mine.length).toBe(2);
    expect(theirs.length).toBe(1);
    const response = await post({ Reports: [reading(60)], Acks: [...mine, ...theirs] });
    expect(response.json()).toEqual({
      Accepted: 1,
      Duplicates: 0,
      Refused: 0,
      RefusedReports: [],
      Commands: [],
    });
    const after = await t.ctx.db
      .selectFrom('device_commands')
      .select(['id', 'acked_at'])
      .where('id', 'in', [...mine, ...theirs])
      .orderBy('id')
      .execute();
    expect(after.filter((c) => mine.includes(c.id)).every((c) => c.acked_at !== null)).toBe(true);
    expect(after.find((c) => theirs.includes(c.id))?.acked_at).toBeNull();
    const theirPoll = await post({ Reports: [] }, other);
    expect(theirPoll.json().Commands).toHaveLength(1);
  });

  it('records a firmware version the unit announces after an update', async () => {
    await post({ Reports: [reading(70, { FirmwareVersion: '10.7' })] });
    const device = await t.ctx.db
      .selectFrom('devices')
      .select('firmware_version')
      .where('id', '=', unit.id)
      .executeTakeFirstOrThrow();
    expect(device.firmware_version).toBe('10.7');
  });

  it("records the unit's own firmware on a unit provisioned without one, memo included, so it can go live (issue #10)", async () => {
    const bare = await createDevice(t.ctx);
    await t.ctx.db
      .updateTable('devices')
      .set({ firmware_version: null, memo: null })
      .where('id', '=', bare.id)
      .execute();
    const response = await post({ Reports: [reading(80, { FirmwareVersion: '10.6' })] }, bare);
    expect(response.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('devices')
      .select(['firmware_version', 'memo'])
      .where('id', '=', bare.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firmware_version: '10.6', memo: 'FW 10.6' });
  });

  it('keeps a memo staff wrote when the unit reports its firmware', async () => {
    const noted = await createDevice(t.ctx);
    await t.ctx.db
      .updateTable('devices')
      .set({ memo: 'modem swapped 2026-10, FW 9.2' })
      .where('id', '=', noted.id)
      .execute();
    await post({ Reports: [reading(81, { FirmwareVersion: '10.7' })] }, noted);
    const row = await t.ctx.db
      .selectFrom('devices')
      .select(['firmware_version', 'memo'])
      .where('id', '=', noted.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firmware_version: '10.7', memo: 'modem swapped 2026-10, FW 9.2' });
  });

  it('has every reading of an answered batch in the database (durability), through a fresh connection', async () => {
    const batch = Array.from({ length: 100 }, (_, i) => reading(200 + i));
    const response = await post({ Reports: batch });
    expect(response.json()).toMatchObject({ Accepted: 100, Duplicates: 0 });
    const rows = await t.ctx.db
      .selectFrom('device_reports')
      .select('report_timestamp')
      .where('device_id', '=', unit.id)
      .where('report_timestamp', '>=', new Date(at(200)))
      .where('report_timestamp', '<', new Date(at(300)))
      .execute();
    expect(rows).toHaveLength(100);
  });

  it('still answers 200 when a reports-stored listener fails, the reports being committed', async () => {
    t.ctx.onReportsStored.push(() => Promise.reject(new Error('listener broke')));
    try {
      const response = await post({ Reports: [reading(400)] });
      expect(response.statusCode).toBe(200);
      expect(response.json().Accepted).toBe(1);
    } finally {
      t.ctx.onReportsStored.pop();
    }
  });
});
