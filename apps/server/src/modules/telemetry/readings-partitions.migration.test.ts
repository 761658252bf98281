import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/database/database';
import { migrate } from '../../platform/database/migrate';
import type { DB } from '../../platform/database/schema';
import { monthOf, monthsToPrepare, partitionName, type ReadingsTable } from './reading-months';

const MIGRATIONS_DIR = fileURLToPath(
  new URL('../../platform/database/migrations/', import.meta.url),
);
const PARTITIONING = '035-readings-partitioned-by-month.sql';
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

/** An empty database of this test's own: in memory, or a fresh schema on DATABASE_URL's server. */
async function openEmptyDatabase(): Promise<{ db: Kysely<DB>; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pglite = await PGlite.create();
    const opened = await openDatabase({ pglite });
    return { db: opened.db, close: async () => (await opened.close(), await pglite.close()) };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.db.schema.createSchema(schema).execute();
  const opened = await openDatabase({ url, searchPath: schema });
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    },
  };
}

/** Applies the migrations before `until`, recorded as `migrate` records them: the release before. */
async function migrateBefore(db: Kysely<DB>, until: string): Promise<void> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
      trx,
    );
    for (const file of files.filter((name) => name < until)) {
      await sql.raw(await readFile(MIGRATIONS_DIR + file, 'utf8')).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
    }
  });
}

type Row = { line: string };

/** Every row of `table` as JSON text, in key order: values to the microsecond. */
async function everyRow(db: Kysely<DB>, table: ReadingsTable): Promise<string[]> {
  const key = table === 'device_reports' ? 'device_id' : 'peripheral_id';
  const { rows } = await sql<Row>`
    SELECT row_to_json(r)::text AS line FROM ${sql.table(table)} r
    ORDER BY ${sql.ref(key)}, report_timestamp`.execute(db);
  return rows.map(({ line }) => line);
}

describe(`migration 035 on a copy holding readings, on ${database} (issue #26, decision 074)`, () => {
  let db: Kysely<DB>;
  let close: () => Promise<void>;
  const before: Record<ReadingsTable, string[]> = { device_reports: [], peripheral_reports: [] };
  let unitId = 0;
  beforeAll(async () => {
    ({ db, close } = await openEmptyDatabase());
    await migrateBefore(db, PARTITIONING);
    const { rows: units } = await sql<{ id: number }>`
      INSERT INTO devices (imei, serial_number, device_type, tenant_id, device_key_hash)
      VALUES ('490154203237511', 'PART01', 5, 2, 'x'), ('490154203237512', 'PART02', 8, 2, 'x')
      RETURNING id`.execute(db);
    unitId = units[0]!.id;
    const nistId = units[1]!.id;
    const { rows: pucks } = await sql<{ id: number }>`
      INSERT INTO peripherals (serial, device_id) VALUES ('C0FFEE', ${unitId}) RETURNING id`.execute(
      db,
    );
    const puckId = pucks[0]!.id;
    // Three months of a reading every 47 minutes, with values and a received time of their own;
    // a unit whose clock reset to 1970 (stored before decision 055); a month's last microsecond
    // and the next month's first instant; a NIST unit's New Year's Eve.
    await sql`
      INSERT INTO device_reports
        (device_id, report_timestamp, temperature, humidity, power, signal_strength, water, motion, received_at)
      SELECT ${unitId}, t, 60 + (n % 17) * 0.5, 40 + n % 9, n % 2, 15 + n % 10,
        CASE WHEN n % 5 = 0 THEN 1 END, 0, t + interval '3 seconds'
      FROM generate_series(timestamptz '2026-08-20T00:00:00Z', timestamptz '2026-11-20T00:00:00Z',
        interval '47 minutes') WITH ORDINALITY AS s(t, n)`.execute(db);
    await sql`
      INSERT INTO device_reports (device_id, report_timestamp, temperature) VALUES
        (${unitId}, '1970-01-01T00:00:05Z', 12.5),
        (${unitId}, '2026-11-30T23:59:59.999999Z', 70),
        (${unitId}, '2026-12-01T00:00:00Z', 71),
        (${nistId}, '2025-12-31T23:30:00Z', 39.2)`.execute(db);
    await sql`
      INSERT INTO peripheral_reports (peripheral_id, report_timestamp, temperature, humidity, water, battery_level)
      SELECT ${puckId}, t, 36.5, 255, 0, 200 - (n % 50)
      FROM generate_series(timestamptz '2026-09-30T20:00:00Z', timestamptz '2026-10-01T04:00:00Z',
        interval '5 minutes') WITH ORDINALITY AS s(t, n)`.execute(db);
    before.device_reports = await everyRow(db, 'device_reports');
    before.peripheral_reports = await everyRow(db, 'peripheral_reports');
    expect(await migrate(db)).toContain(PARTITIONING);
  });
  afterAll(() => close());

  it('keeps every reading and puck reading, every value as it was', async () => {
    expect(before.device_reports.length).toBeGreaterThan(2_800);
    expect(await everyRow(db, 'device_reports')).toEqual(before.device_reports);
    expect(await everyRow(db, 'peripheral_reports')).toEqual(before.peripheral_reports);
  });

  it('puts each reading in its month’s partition (UTC), made for the months the readings span', async () => {
    for (const table of ['device_reports', 'peripheral_reports'] as const) {
      const { rows } = await sql<{ at: Date; partition: string }>`
        SELECT report_timestamp AS at, tableoid::regclass::text AS partition
        FROM ${sql.table(table)}`.execute(db);
      for (const { at, partition } of rows)
        expect(partition).toBe(partitionName(table, monthOf(at)));
      const made = new Set(rows.map(({ partition }) => partition));
      expect(made.size).toBeGreaterThan(1);
    }
    const { rows } = await sql<{ partition: string; n: number }>`
      SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM device_reports
      GROUP BY 1 ORDER BY 1`.execute(db);
    expect(rows.map(({ partition }) => partition)).toEqual([
      'device_reports_y1970m01',
      'device_reports_y2025m12',
      'device_reports_y2026m08',
      'device_reports_y2026m09',
      'device_reports_y2026m10',
      'device_reports_y2026m11',
      'device_reports_y2026m12',
    ]);
  });

  it('makes the current month’s partition and the next two’s, and an empty default partition', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'device_reports'::regclass`.execute(db);
    const names = rows.map(({ name }) => name);
    for (const month of monthsToPrepare(new Date()))
      expect(names).toContain(partitionName('device_reports', month));
    expect(names).toContain('device_reports_default');
    const { rows: waiting } = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM device_reports_default)::int
        + (SELECT count(*) FROM peripheral_reports_default)::int AS n`.execute(db);
    expect(waiting).toEqual([{ n: 0 }]);
  });

  it('partitions both tables by range of report_timestamp, keyed by unit or puck and time, the graph’s values in the key (decision 078)', async () => {
    const { rows } = await sql<{ table: string; key: string; constraints: string[] }>`
      SELECT c.relname AS table, pg_get_partkeydef(c.oid) AS key,
        ARRAY(SELECT pg_get_constraintdef(k.oid) FROM pg_constraint k
              WHERE k.conrelid = c.oid AND k.contype IN ('p', 'f')
              ORDER BY k.contype DESC, k.conname) AS constraints
      FROM pg_class c WHERE c.oid IN ('device_reports'::regclass, 'peripheral_reports'::regclass)
      ORDER BY c.relname`.execute(db);
    expect(rows).toEqual([
      {
        table: 'device_reports',
        key: 'RANGE (report_timestamp)',
        constraints: [
          'PRIMARY KEY (device_id, report_timestamp) INCLUDE (temperature, humidity, power)',
          'FOREIGN KEY (device_id) REFERENCES devices(id)',
        ],
      },
      {
        table: 'peripheral_reports',
        key: 'RANGE (report_timestamp)',
        constraints: [
          'PRIMARY KEY (peripheral_id, report_timestamp) INCLUDE (temperature, humidity)',
          'FOREIGN KEY (peripheral_id) REFERENCES peripherals(id)',
        ],
      },
    ]);
    // The key still makes a resent reading a duplicate, and the unit must exist.
    const resent = await sql`
      INSERT INTO device_reports (device_id, report_timestamp) VALUES (${unitId}, '2026-12-01T00:00:00Z')
      ON CONFLICT DO NOTHING`.execute(db);
    expect(resent.numAffectedRows).toBe(0n);
    await expect(
      sql`INSERT INTO device_reports (device_id, report_timestamp) VALUES (-1, now())`.execute(db),
    ).rejects.toThrow(/foreign key/);
  });
});
