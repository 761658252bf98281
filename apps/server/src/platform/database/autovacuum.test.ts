import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice } from '../../../test/helpers/devices';
import { addDeviceReadings } from '../../../test/helpers/readings';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { findTablesDue, runAutovacuum, startAutovacuum } from './autovacuum';

const MINUTE = 60_000;

/** The plan a prepared statement runs now, as one line per node. */
async function planOf(t: TestApp, execute: string): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(execute)}`.execute(
    t.ctx.db,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** What the statistics hold of a table: rows as last counted (-1: never), and when analysed. */
async function statsOf(t: TestApp, table: string) {
  const { rows } = await sql<{ reltuples: number; analysed: boolean }>`
    select c.reltuples, s.last_analyze is not null as analysed
    from pg_class c join pg_stat_all_tables s on s.relid = c.oid
    where c.oid = ${table}::regclass`.execute(t.ctx.db);
  return rows[0];
}

/** The counters autovacuum reads are sent at most once a second unless asked (pgstat). */
const flushStatistics = (t: TestApp) => sql`select pg_stat_force_next_flush()`.execute(t.ctx.db);

// The embedded database only: a PostgreSQL server runs its own autovacuum, which would race these.
describe.skipIf(process.env.DATABASE_URL)(
  'the autovacuum the embedded database lacks (issue #26, decision 079)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await sql`create table upkeep_small (id int primary key)`.execute(t.ctx.db);
      await sql`create table upkeep_grown (id int primary key, value int)`.execute(t.ctx.db);
    });
    afterAll(() => t.close());

    it('takes the tables past autovacuum’s thresholds, by PostgreSQL’s own settings, and only those', async () => {
      // 50 + 10 % of the rows changed since the last ANALYZE; 1,000 + 20 % inserted since the last VACUUM.
      await sql`insert into upkeep_small select generate_series(1, 40)`.execute(t.ctx.db);
      await sql`insert into upkeep_grown select i, i from generate_series(1, 5000) i`.execute(
        t.ctx.db,
      );
      await flushStatistics(t);
      const due = await findTablesDue(t.ctx.db);
      expect(due).toContainEqual({ table: 'public.upkeep_grown', vacuum: true, analyze: true });
      expect(due.map(({ table }) => table)).not.toContain('public.upkeep_small');

      await runAutovacuum(t.ctx.db);
      expect(await statsOf(t, 'upkeep_grown')).toEqual({ reltuples: 5000, analysed: true });
      expect(await statsOf(t, 'upkeep_small')).toEqual({ reltuples: -1, analysed: false });

      // Done once: nothing is due again until the table changes again.
      await flushStatistics(t);
      expect((await findTablesDue(t.ctx.db)).map(({ table }) => table)).not.toContain(
        'public.upkeep_grown',
      );
    });

    it('vacuums a table whose dead rows pass the threshold, and reclaims them', async () => {
      // 1,200 dead rows, past 50 + 20 % of 5,000; and as many changed, past ANALYZE's 50 + 10 %.
      await sql`update upkeep_grown set value = value + 1 where id <= 1200`.execute(t.ctx.db);
      await flushStatistics(t);
      expect(await findTablesDue(t.ctx.db)).toContainEqual({
        table: 'public.upkeep_grown',
        vacuum: true,
        analyze: true,
      });
      await runAutovacuum(t.ctx.db);
      const { rows } = await sql<{ dead: number }>`
        select n_dead_tup as dead from pg_stat_all_tables where relname = 'upkeep_grown'`.execute(
        t.ctx.db,
      );
      expect(Number(rows[0]!.dead)).toBe(0);
    });

    it('makes a unit’s newest-reading plan again once its month has grown (the soak’s growing device list)', async () => {
      // A statement prepared while this month's partition was near empty: the plan PostgreSQL
      // keeps reads the whole partition for each unit. The soak's device list grew slower by the
      // minute so: its plan was never made again as the partition grew.
      const device = await createDevice(t.ctx);
      const other = await createDevice(t.ctx);
      // In this month's partition, whatever the day.
      const now = t.ctx.now();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const from = new Date(monthStart.getTime() + 60 * MINUTE);
      await addDeviceReadings(t.ctx, device.id, { from, count: 3, stepMinutes: 1 });
      await sql`set plan_cache_mode = force_generic_plan`.execute(t.ctx.db);
      await sql
        .raw(
          `prepare newest_reading(int, timestamptz) as
        select report_timestamp from device_reports
        where device_id = $1 and report_timestamp >= $2
        order by report_timestamp desc limit 1`,
        )
        .execute(t.ctx.db);
      const execute = `execute newest_reading(${device.id}, '${monthStart.toISOString()}')`;
      try {
        expect(await planOf(t, execute)).toMatch(/Seq Scan on device_reports_y/);

        // The month fills up: 20,000 readings of another unit.
        await addDeviceReadings(t.ctx, other.id, { from, count: 20_000, stepMinutes: 0.001 });
        expect(await planOf(t, execute)).toMatch(/Seq Scan on device_reports_y/);

        await flushStatistics(t);
        await runAutovacuum(t.ctx.db);
        expect(await planOf(t, execute)).toMatch(
          /Index (Only )?Scan Backward using device_reports_y/,
        );
      } finally {
        await sql`deallocate newest_reading`.execute(t.ctx.db);
        await sql`reset plan_cache_mode`.execute(t.ctx.db);
      }
    });

    it('runs every interval until stopped, and a stop waits for the run in progress', async () => {
      await sql`insert into upkeep_small select generate_series(41, 200)`.execute(t.ctx.db);
      await flushStatistics(t);
      const lines: { fields: object; message: string }[] = [];
      const record = (fields: object, message: string) => void lines.push({ fields, message });
      const stop = startAutovacuum(t.ctx.db, { log: { debug: record, warn: record }, everyMs: 10 });
      await expect.poll(() => lines.map(({ message }) => message)).toContain('autovacuum done');
      await stop();
      expect(await statsOf(t, 'upkeep_small')).toEqual({ reltuples: 200, analysed: true });
      expect(lines.filter(({ message }) => message !== 'autovacuum done')).toEqual([]);
    });
  },
);
