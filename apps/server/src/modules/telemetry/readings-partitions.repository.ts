import { sql, type Kysely, type Transaction } from 'kysely';
import { NIST_DEVICE_TYPES } from '@monitor/domain/devices/device-types';
import type { DB } from '../../platform/database/schema';
import {
  addMonths,
  defaultPartitionName,
  monthStart,
  parsePartitionName,
  partitionName,
  type ReadingMonth,
  type ReadingsTable,
} from './reading-months';

/**
 * The SQL of the readings' monthly partitions (migration 035, decision 074). Partitions are made
 * and dropped one at a time, each in a transaction of its own under one advisory lock, so two
 * processes starting at once do not race for the same name, and with a lock timeout, so a long
 * read of the table makes the job wait seconds, never ingest behind it.
 */

// Any constant: serialises partition upkeep across processes (the migrations use another).
const PARTITIONS_LOCK = 4_2026_11;
// Past it the step fails and the next tick tries again; meanwhile queries queue behind the wait.
const LOCK_TIMEOUT = sql.lit('5s');

export type MonthPartition = { name: string; month: ReadingMonth };

/** A bound of a partition, written as a UTC instant: its meaning cannot follow a time zone. */
const bound = (month: ReadingMonth) => sql.lit(monthStart(month).toISOString());

async function lockPartitions(trx: Transaction<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${PARTITIONS_LOCK})`.execute(trx);
  await sql`SET LOCAL lock_timeout = ${LOCK_TIMEOUT}`.execute(trx);
}

/** The month partitions of `table`, oldest first; the default and any other name left out. */
export async function findMonthPartitions(
  db: Kysely<DB>,
  table: ReadingsTable,
): Promise<MonthPartition[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = ${table}::regclass`.execute(db);
  return rows
    .flatMap(({ name }) => {
      const month = parsePartitionName(table, name);
      return month ? [{ name, month }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The months of the readings waiting in the default partition (none, as a rule). */
export async function findDefaultPartitionMonths(
  db: Kysely<DB>,
  table: ReadingsTable,
): Promise<ReadingMonth[]> {
  const { rows } = await sql<{ year: number; month: number }>`
    SELECT DISTINCT
      extract(year FROM report_timestamp AT TIME ZONE 'UTC')::int AS year,
      extract(month FROM report_timestamp AT TIME ZONE 'UTC')::int AS month
    FROM ${sql.table(defaultPartitionName(table))}
    WHERE isfinite(report_timestamp)`.execute(db);
  return rows;
}

/**
 * Makes the month's partition of `table`, unless it exists: as a table of its own, into which the
 * month's readings waiting in the default partition move, then attached. Attaching locks the
 * parent lightly (SHARE UPDATE EXCLUSIVE: reads and ingest go on) and the default partition
 * wholly, which is locked first so no reading of the month lands there between the move and the
 * attach. Answers how many readings moved, or null when the partition was already there.
 */
export async function createMonthPartition(
  db: Kysely<DB>,
  table: ReadingsTable,
  month: ReadingMonth,
): Promise<{ name: string; movedRows: number } | null> {
  return db.transaction().execute(async (trx) => {
    await lockPartitions(trx);
    const name = partitionName(table, month);
    const { rows } = await sql<{ exists: boolean }>`
      SELECT to_regclass(${name}) IS NOT NULL AS exists`.execute(trx);
    if (rows[0]?.exists) return null;
    return { name, movedRows: await attachMonthPartition(trx, table, month) };
  });
}

/**
 * `createMonthPartition`'s work in the caller's transaction, for a month that has no partition:
 * answers how many readings moved in from the default partition. The move of an embedded backup
 * into PostgreSQL makes the months it copies this way (admin/move-to-postgres.ts).
 */
export async function attachMonthPartition(
  trx: Transaction<DB>,
  table: ReadingsTable,
  month: ReadingMonth,
): Promise<number> {
  const name = partitionName(table, month);
  const fallback = sql.table(defaultPartitionName(table));
  await sql`LOCK TABLE ${fallback} IN ACCESS EXCLUSIVE MODE`.execute(trx);
  await sql`CREATE TABLE ${sql.table(name)} (LIKE ${sql.table(table)} INCLUDING DEFAULTS)`.execute(
    trx,
  );
  const moved = await sql`
    WITH moved AS (
      DELETE FROM ${fallback}
      WHERE report_timestamp >= ${bound(month)} AND report_timestamp < ${bound(addMonths(month, 1))}
      RETURNING *
    )
    INSERT INTO ${sql.table(name)} SELECT * FROM moved`.execute(trx);
  await sql`ALTER TABLE ${sql.table(table)} ATTACH PARTITION ${sql.table(name)}
    FOR VALUES FROM (${bound(month)}) TO (${bound(addMonths(month, 1))})`.execute(trx);
  return Number(moved.numAffectedRows ?? 0);
}

/**
 * Vacuums the default partition once readings moved out of it: their dead rows would otherwise
 * slow every read that cannot prune it (a unit's latest reading) until autovacuum came by.
 */
export async function vacuumDefaultPartition(db: Kysely<DB>, table: ReadingsTable): Promise<void> {
  await sql`VACUUM (ANALYZE) ${sql.table(defaultPartitionName(table))}`.execute(db);
}

/**
 * Whether the unit readings in `partition` hold one a NIST certificate still needs: a reading of
 * a NIST unit dated on or after the calibration of one of its certificates that has not fallen
 * due (decision 074). Certificates run a year (`CALIBRATION_INTERVAL_YEARS`), so such a reading
 * is at most a year old.
 */
async function holdsNistReadings(
  trx: Transaction<DB>,
  partition: string,
  today: string,
): Promise<boolean> {
  const { rows } = await sql<{ needed: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM nist_certificates c JOIN devices d ON d.id = c.device_id
      WHERE d.device_type = ANY(${[...NIST_DEVICE_TYPES]}::smallint[])
        AND c.due_on >= ${today}::date
        AND EXISTS (
          SELECT 1 FROM ${sql.table(partition)} r
          WHERE r.device_id = c.device_id
            AND r.report_timestamp >= c.calibrated_on::timestamp AT TIME ZONE 'UTC'
        )
    ) AS needed`.execute(trx);
  return rows[0]?.needed ?? false;
}

/**
 * Detaches and drops a month partition whose readings are past retention, whole (never a row
 * delete), unless it is a partition of unit readings holding one a NIST certificate still needs
 * on `today` (YYYY-MM-DD, UTC). Detaching takes the parent wholly: it is locked first, as every
 * query takes the parent before its partitions, and only once the partition is counted and known
 * to be free of NIST readings, so ingest waits milliseconds. Answers what it did.
 */
export async function dropMonthPartition(
  db: Kysely<DB>,
  table: ReadingsTable,
  partition: string,
  { today }: { today: string },
): Promise<{ outcome: 'dropped'; rows: number } | { outcome: 'kept-for-nist' | 'gone' }> {
  const mayHoldNist = table === 'device_reports';
  return db.transaction().execute(async (trx) => {
    await lockPartitions(trx);
    const { rows } = await sql<{ exists: boolean }>`
      SELECT to_regclass(${partition}) IS NOT NULL AS exists`.execute(trx);
    if (!rows[0]?.exists) return { outcome: 'gone' as const };
    if (mayHoldNist && (await holdsNistReadings(trx, partition, today)))
      return { outcome: 'kept-for-nist' as const };
    const counted = await sql<{ rows: number }>`
      SELECT count(*)::int AS rows FROM ${sql.table(partition)}`.execute(trx);
    await sql`LOCK TABLE ${sql.table(table)} IN ACCESS EXCLUSIVE MODE`.execute(trx);
    // Again under the lock: a late reading of a NIST unit may have arrived since.
    if (mayHoldNist && (await holdsNistReadings(trx, partition, today)))
      return { outcome: 'kept-for-nist' as const };
    await sql`ALTER TABLE ${sql.table(table)} DETACH PARTITION ${sql.table(partition)}`.execute(
      trx,
    );
    await sql`DROP TABLE ${sql.table(partition)}`.execute(trx);
    return { outcome: 'dropped' as const, rows: counted.rows[0]?.rows ?? 0 };
  });
}
