import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import { restorePglite } from '../platform/database/database-backup';
import { openDatabase } from '../platform/database/database';
import { applyMigrations, migrate } from '../platform/database/migrate';
import type { DB } from '../platform/database/schema';
import { JOB_SCHEMA } from '../platform/jobs/queue';
import {
  attachMonthPartition,
  findDefaultPartitionMonths,
  findMonthPartitions,
} from '../modules/telemetry/readings-partitions.repository';
import { partitionName, READINGS_TABLES } from '../modules/telemetry/reading-months';

/*
 * `restore --from FILE` of an embedded database's backup with DATABASE_URL set: the move from one
 * embedded process to a PostgreSQL server when one machine is no longer enough (decision 081).
 * pg_dump cannot read PGlite's folder, so the backup's data folder is opened here as the server
 * would open it (and brought to this release's schema), and its rows are copied into the empty
 * PostgreSQL database, which this release's migrations make first. All of it in one transaction:
 * a move that fails leaves the database empty, to be tried again.
 */

/** Rows read and written at a time: a few megabytes of JSON. */
const PAGE_ROWS = 5_000;

type Table = { schema: string; name: string };

export async function moveIntoPostgres(
  pgdata: string,
  url: string,
): Promise<{ tables: number; rows: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'monitor-move-'));
  try {
    await restorePglite(pgdata, dataDir);
    const source = await openDatabase({ dataDir });
    const target = await openDatabase({ url });
    try {
      await migrate(source.db);
      return await target.db.transaction().execute(async (trx) => {
        // The foreign keys' checks are off while rows go in table by table, in any order, as
        // pg_restore --disable-triggers does: every row comes from a database that held them.
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await applyMigrations(trx);
        await makeReadingMonths(source.db, trx);
        await makeJobQueues(source.db, trx);
        const tables = await tablesToCopy(source.db);
        // What the migrations seeded (brands, catalogue, the links' secret) is the source's to say.
        for (const table of tables)
          await sql`DELETE FROM ${sql.table(`${table.schema}.${table.name}`)}`.execute(trx);
        let rows = 0;
        for (const table of tables) rows += await copyRows(source.db, trx, table);
        await copySequences(source.db, trx);
        return { tables: tables.length, rows };
      });
    } finally {
      await target.close();
      await source.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The source's months of readings, those waiting in its default partition among them, each made a
 * partition, so no copied reading waits in the default.
 */
async function makeReadingMonths(source: Kysely<DB>, trx: Transaction<DB>): Promise<void> {
  for (const table of READINGS_TABLES) {
    const made = new Set((await findMonthPartitions(trx, table)).map(({ name }) => name));
    const months = [
      ...(await findMonthPartitions(source, table)).map(({ month }) => month),
      ...(await findDefaultPartitionMonths(source, table)),
    ];
    for (const month of months) {
      const name = partitionName(table, month);
      if (made.has(name)) continue;
      await attachMonthPartition(trx, table, month);
      made.add(name);
    }
  }
}

/**
 * pg-boss's schema, made by pg-boss's own plans, and each of the source's queues with its options
 * (a queue is a partition of pg-boss's job table: its jobs can go in only once it exists).
 */
async function makeJobQueues(source: Kysely<DB>, trx: Transaction<DB>): Promise<void> {
  // Its plans are one transaction of their own (BEGIN … COMMIT): run in this one instead, and
  // its SET LOCAL timeouts undone after, for the copy's long statements.
  const plans = PgBoss.getConstructionPlans(JOB_SCHEMA)
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
  if (/\bCOMMIT;/.test(plans)) throw new Error("move: pg-boss's construction plans changed form.");
  await sql.raw(plans).execute(trx);
  await sql`SET LOCAL lock_timeout = 0`.execute(trx);
  await sql`SET LOCAL idle_in_transaction_session_timeout = 0`.execute(trx);
  const { rows } = await sql<{ queues: string }>`
    SELECT COALESCE(json_agg(q), '[]')::text AS queues FROM ${sql.table(`${JOB_SCHEMA}.queue`)} q`.execute(
    source,
  );
  await sql`
    SELECT ${sql.raw(JOB_SCHEMA)}.create_queue(q.name, json_build_object(
      'policy', q.policy, 'retryLimit', q.retry_limit, 'retryDelay', q.retry_delay,
      'retryBackoff', q.retry_backoff, 'expireInSeconds', q.expire_seconds,
      'retentionMinutes', q.retention_minutes, 'deadLetter', q.dead_letter))
    FROM json_populate_recordset(NULL::${sql.table(`${JOB_SCHEMA}.queue`)}, ${rows[0]!.queues}::json) q
    ORDER BY q.dead_letter NULLS FIRST`.execute(trx);
}

/**
 * Every table holding rows to copy: the product's and pg-boss's, a partitioned table once (its
 * rows go through it to their partitions); not what the target made itself (its migrations'
 * record, pg-boss's version and queues).
 */
async function tablesToCopy(source: Kysely<DB>): Promise<Table[]> {
  const { rows } = await sql<Table>`
    SELECT n.nspname AS schema, c.relname AS name FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN (current_schema(), ${JOB_SCHEMA}) AND c.relkind IN ('r', 'p')
      AND NOT c.relispartition
      AND (n.nspname, c.relname) NOT IN
        ((current_schema(), 'schema_migrations'), (${JOB_SCHEMA}, 'version'), (${JOB_SCHEMA}, 'queue'))
    ORDER BY 1, 2`.execute(source);
  return rows;
}

/**
 * A table's rows, a page at a time through a cursor, each page one INSERT of JSON rows made back
 * into the table's row type; identity columns keep their values. Answers the rows copied.
 */
async function copyRows(source: Kysely<DB>, trx: Transaction<DB>, table: Table): Promise<number> {
  const qualified = sql.table(`${table.schema}.${table.name}`);
  const { rows: columns } = await sql<{ name: string }>`
    SELECT attname AS name FROM pg_attribute
    WHERE attrelid = ${`${table.schema}.${table.name}`}::regclass
      AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
    ORDER BY attnum`.execute(trx);
  const names = sql.join(columns.map(({ name }) => sql.ref(name)));
  return source.transaction().execute(async (read) => {
    await sql`DECLARE move_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${qualified} t`.execute(
      read,
    );
    let copied = 0;
    for (;;) {
      const page = await sql<{ row: string }>`FETCH ${sql.lit(PAGE_ROWS)} FROM move_rows`.execute(
        read,
      );
      if (page.rows.length === 0) return copied;
      await sql`
        INSERT INTO ${qualified} (${names}) OVERRIDING SYSTEM VALUE
        SELECT ${names} FROM json_populate_recordset(NULL::${qualified},
          ${`[${page.rows.map(({ row }) => row).join(',')}]`}::json)`.execute(trx);
      copied += page.rows.length;
    }
  });
}

/** Each sequence where the source left it (the identity columns' next values among them). */
async function copySequences(source: Kysely<DB>, trx: Transaction<DB>): Promise<void> {
  const { rows } = await sql<{ sequences: string }>`
    SELECT COALESCE(json_agg(s), '[]')::text AS sequences FROM (
      SELECT schemaname, sequencename, last_value FROM pg_sequences
      WHERE schemaname IN (current_schema(), ${JOB_SCHEMA}) AND last_value IS NOT NULL
    ) s`.execute(source);
  await sql`
    SELECT setval(format('%I.%I', s.schemaname, s.sequencename), s.last_value)
    FROM json_to_recordset(${rows[0]!.sequences}::json)
      AS s(schemaname text, sequencename text, last_value bigint)`.execute(trx);
}
