import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachPuck, createDevice, deviceAuth } from '../../../test/helpers/devices';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { loadConfig } from '../../platform/config/config';
import { issueCertificate } from '../certificates/certificates.service';
import { findMonthPartitions } from './readings-partitions.repository';
import {
  READINGS_PARTITIONS,
  runReadingsPartitionsLogged,
  startReadingsPartitions,
  type PartitionsLog,
} from './readings-partitions.job';
import { compareMonths, type ReadingsTable } from './reading-months';

const DAY = 24 * 60 * 60_000;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

/** The upkeep's log lines, kept for the test to read. */
function recordingLog(): PartitionsLog & { lines: { fields: object; message: string }[] } {
  const lines: { fields: object; message: string }[] = [];
  const record = (fields: object, message: string) => void lines.push({ fields, message });
  return { lines, info: record, error: record };
}

async function monthPartitions(t: TestApp, table: ReadingsTable): Promise<string[]> {
  return (await findMonthPartitions(t.ctx.db, table)).map(({ name }) => name);
}

/** Where each stored reading of `table` sits: its partition, by reading time. */
async function partitionsOf(t: TestApp, table: ReadingsTable, keyColumn: string, key: number) {
  const { rows } = await sql<{ at: Date; partition: string }>`
    SELECT report_timestamp AS at, tableoid::regclass::text AS partition
    FROM ${sql.table(table)} WHERE ${sql.ref(keyColumn)} = ${key}
    ORDER BY report_timestamp`.execute(t.ctx.db);
  return rows.map(({ at, partition }) => ({ at: at.toISOString(), partition }));
}

describe(`the readings' monthly partitions on ${database} (issue #26, decision 074)`, () => {
  let t: TestApp;
  const log = recordingLog();
  beforeAll(async () => {
    // Years after the migration ran: none of these months has a partition yet.
    t = await createTestApp({ start: new Date('2031-04-10T12:00:00Z') });
  });
  afterAll(() => t.close());

  it('makes the current month’s partition and the next two’s, for units and pucks, once', async () => {
    const first = await runReadingsPartitionsLogged(t.ctx, log);
    expect(first.created.map((made) => made.partition)).toEqual([
      'device_reports_y2031m04',
      'device_reports_y2031m05',
      'device_reports_y2031m06',
      'peripheral_reports_y2031m04',
      'peripheral_reports_y2031m05',
      'peripheral_reports_y2031m06',
    ]);
    expect(first.failed).toEqual([]);
    expect(await monthPartitions(t, 'device_reports')).toEqual(
      expect.arrayContaining([
        'device_reports_y2031m04',
        'device_reports_y2031m05',
        'device_reports_y2031m06',
      ]),
    );
    // Each with the parent's primary key, so a resent reading is still stored once.
    const { rows } = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = 'device_reports_y2031m05'::regclass AND contype = 'p'`.execute(t.ctx.db);
    expect(rows).toEqual([
      {
        definition:
          'PRIMARY KEY (device_id, report_timestamp) INCLUDE (temperature, humidity, power)',
      },
    ]);
    expect(log.lines).toContainEqual({
      fields: expect.objectContaining({
        job: READINGS_PARTITIONS,
        partition: 'device_reports_y2031m06',
        movedRows: 0,
      }) as object,
      message: 'readings partition made',
    });

    const again = await runReadingsPartitionsLogged(t.ctx, log);
    expect(again).toEqual({ created: [], dropped: [], keptForNist: [], failed: [] });
  });

  it('makes the new month two ahead when the clock reaches the next month', async () => {
    t.advanceTime(31 * DAY);
    const run = await runReadingsPartitionsLogged(t.ctx, log);
    expect(run.created.map((made) => made.partition)).toEqual([
      'device_reports_y2031m07',
      'peripheral_reports_y2031m07',
    ]);
  });

  it('stores a reading dated in a month with no partition yet (default partition), and the next upkeep moves it to its month', async () => {
    // Provisioned years back (admin --provisioned-at): readings of then are taken (decision 055).
    const unit = await createDevice(t.ctx, { provisionedAt: new Date('2029-01-15T00:00:00Z') });
    const puck = await attachPuck(t.ctx, unit.id);
    const at = '2029-02-03T04:05:06.000Z';
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: {
        Reports: [
          {
            ReportTimestamp: at,
            Temperature: 41.5,
            Power: 1,
            SignalStrength: 20,
            Peripherals: [{ Id: puck.serial, Temperature: 38, BatteryLevel: 200 }],
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Accepted: 1, Duplicates: 0, Refused: 0 });
    expect(await partitionsOf(t, 'device_reports', 'device_id', unit.id)).toEqual([
      { at, partition: 'device_reports_default' },
    ]);
    expect(await partitionsOf(t, 'peripheral_reports', 'peripheral_id', puck.id)).toEqual([
      { at, partition: 'peripheral_reports_default' },
    ]);

    const run = await runReadingsPartitionsLogged(t.ctx, log);
    expect(run.created).toEqual([
      {
        table: 'device_reports',
        partition: 'device_reports_y2029m02',
        month: '2029-02',
        movedRows: 1,
      },
      {
        table: 'peripheral_reports',
        partition: 'peripheral_reports_y2029m02',
        month: '2029-02',
        movedRows: 1,
      },
    ]);
    expect(await partitionsOf(t, 'device_reports', 'device_id', unit.id)).toEqual([
      { at, partition: 'device_reports_y2029m02' },
    ]);
    expect(await partitionsOf(t, 'peripheral_reports', 'peripheral_id', puck.id)).toEqual([
      { at, partition: 'peripheral_reports_y2029m02' },
    ]);
    // Without READINGS_RETENTION_MONTHS nothing is ever dropped, however old.
    expect(run.dropped).toEqual([]);

    // The same reading sent again is still a duplicate in its new partition.
    const resent = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: { Reports: [{ ReportTimestamp: at, Temperature: 41.5, Peripherals: [] }] },
    });
    expect(resent.json()).toMatchObject({ Accepted: 0, Duplicates: 1 });
  });

  it('runs once at start-up, before the first tick, and leaves one tick waiting', async () => {
    t.advanceTime(240 * DAY);
    await startReadingsPartitions(t.ctx, t.ctx.jobs, { log, everySeconds: 3600 });
    expect(await monthPartitions(t, 'peripheral_reports')).toEqual(
      expect.arrayContaining([
        'peripheral_reports_y2032m01',
        'peripheral_reports_y2032m02',
        'peripheral_reports_y2032m03',
      ]),
    );
    expect(await t.ctx.jobs.boss.getQueueSize(READINGS_PARTITIONS)).toBe(1);
  });
});

describe(`READINGS_RETENTION_MONTHS on ${database} (issue #26, decision 074)`, () => {
  let t: TestApp;
  const log = recordingLog();
  const units = { plain: 0, nist: 0, expiredNist: 0, puck: 0 };
  beforeAll(async () => {
    t = await createTestApp({
      start: new Date('2026-11-22T12:00:00Z'),
      config: { readingsRetentionMonths: 3 },
    });
    const provisionedAt = new Date('2024-01-01T00:00:00Z');
    units.plain = (await createDevice(t.ctx, { deviceType: 5, provisionedAt })).id;
    units.nist = (await createDevice(t.ctx, { deviceType: 8, provisionedAt })).id;
    units.expiredNist = (await createDevice(t.ctx, { deviceType: 9, provisionedAt })).id;
    units.puck = (await attachPuck(t.ctx, units.nist)).id;
    // In force on 2026-11-22: due 2027-06-01. The other fell due on 2025-12-01.
    await issueCertificate(t.ctx, { deviceId: units.nist, calibratedOn: '2026-06-01' });
    await issueCertificate(t.ctx, { deviceId: units.expiredNist, calibratedOn: '2024-12-01' });
    const readings: [number, string][] = [
      [units.plain, '2026-05-15T00:00:00Z'],
      [units.plain, '2026-06-20T00:00:00Z'],
      [units.plain, '2026-07-15T00:00:00Z'],
      [units.plain, '2026-08-15T00:00:00Z'],
      [units.plain, '2026-11-20T00:00:00Z'],
      // Before its calibration: the certificate does not cover it.
      [units.nist, '2026-04-10T00:00:00Z'],
      [units.nist, '2026-06-10T00:00:00Z'],
      [units.expiredNist, '2025-12-10T00:00:00Z'],
    ];
    for (const [deviceId, at] of readings)
      await t.ctx.db
        .insertInto('device_reports')
        .values({ device_id: deviceId, report_timestamp: new Date(at), temperature: 40 })
        .execute();
    await t.ctx.db
      .insertInto('peripheral_reports')
      .values({ peripheral_id: units.puck, report_timestamp: new Date('2026-06-10T00:00:00Z') })
      .execute();
  });
  afterAll(() => t.close());

  const storedTimes = async (deviceId: number) =>
    (await partitionsOf(t, 'device_reports', 'device_id', deviceId)).map(({ at }) => at);

  it('drops whole the partitions of months before the 3 kept, but one holding readings a NIST certificate in force needs', async () => {
    const run = await runReadingsPartitionsLogged(t.ctx, log);
    expect(run.failed).toEqual([]);
    expect(run.dropped).toEqual([
      { table: 'device_reports', partition: 'device_reports_y2025m12', month: '2025-12', rows: 1 },
      { table: 'device_reports', partition: 'device_reports_y2026m04', month: '2026-04', rows: 1 },
      { table: 'device_reports', partition: 'device_reports_y2026m05', month: '2026-05', rows: 1 },
      { table: 'device_reports', partition: 'device_reports_y2026m07', month: '2026-07', rows: 1 },
      // A puck's readings are not the unit's calibrated sensor: no certificate holds them.
      {
        table: 'peripheral_reports',
        partition: 'peripheral_reports_y2026m06',
        month: '2026-06',
        rows: 1,
      },
    ]);
    expect(run.keptForNist).toEqual([
      { table: 'device_reports', partition: 'device_reports_y2026m06', month: '2026-06' },
    ]);
    // The kept partition is kept whole, another unit's reading in it too; August on is kept.
    expect(await storedTimes(units.plain)).toEqual([
      '2026-06-20T00:00:00.000Z',
      '2026-08-15T00:00:00.000Z',
      '2026-11-20T00:00:00.000Z',
    ]);
    expect(await storedTimes(units.nist)).toEqual(['2026-06-10T00:00:00.000Z']);
    expect(await storedTimes(units.expiredNist)).toEqual([]);
    expect(await monthPartitions(t, 'device_reports')).not.toContain('device_reports_y2026m05');
    expect(log.lines).toContainEqual({
      fields: expect.objectContaining({
        partition: 'device_reports_y2026m05',
        rows: 1,
        retentionMonths: 3,
      }) as object,
      message: 'readings partition dropped: past READINGS_RETENTION_MONTHS',
    });
    expect(log.lines).toContainEqual({
      fields: expect.objectContaining({ partition: 'device_reports_y2026m06' }) as object,
      message:
        'readings partition kept past retention: it holds readings a NIST certificate still needs',
    });
  });

  it('drops the NIST readings’ partition once their certificate has fallen due', async () => {
    t.advanceTime(Date.parse('2027-06-02T12:00:00Z') - t.ctx.now().getTime());
    const run = await runReadingsPartitionsLogged(t.ctx, log);
    expect(run.keptForNist).toEqual([]);
    expect(run.dropped.map(({ partition, rows }) => [partition, rows])).toContainEqual([
      'device_reports_y2026m06',
      2,
    ]);
    expect(await storedTimes(units.nist)).toEqual([]);
    // Three months and the current one are kept: March 2027 on.
    const left = await findMonthPartitions(t.ctx.db, 'device_reports');
    expect(left.filter(({ month }) => compareMonths(month, { year: 2027, month: 3 }) < 0)).toEqual(
      [],
    );
    expect(left.map(({ name }) => name)).toContain('device_reports_y2027m06');
  });
});

describe('READINGS_RETENTION_MONTHS (decision 074)', () => {
  it('keeps every reading when unset or empty, and a whole number of months when set', () => {
    expect(loadConfig({}).readingsRetentionMonths).toBeUndefined();
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '' }).readingsRetentionMonths).toBeUndefined();
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '24' }).readingsRetentionMonths).toBe(24);
  });

  it('stops start-up on a month count that is not a whole number of at least one', () => {
    for (const value of ['0', '-3', '1.5', 'forever'])
      expect(() => loadConfig({ READINGS_RETENTION_MONTHS: value })).toThrow(
        /READINGS_RETENTION_MONTHS/,
      );
  });
});
