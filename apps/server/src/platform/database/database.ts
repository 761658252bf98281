import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { dumpPglite, dumpPostgres } from './database-backup';
import { lockDataDir } from './data-dir-lock';
import { withPreparedStatements } from './prepared-statements';
import type { DB } from './schema';

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** The connection pool's state now (metrics, `GET /metrics`). */
  poolUse: () => PoolUse;
  /** Copies the whole database into `file`, consistently, while it serves (`admin backup`). */
  dumpTo: (file: string) => Promise<void>;
  close: () => Promise<void>;
};

/** Connections open, idle among them, and queries waiting for one. */
export type PoolUse = { total: number; idle: number; waiting: number };

const poolUseOf = (pool: pg.Pool) => (): PoolUse => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

export type DatabaseOptions =
  /**
   * A PostgreSQL server; `searchPath` puts every connection in one schema (isolated test runs).
   * `onConnectionLost` hears of an idle connection the server ended (a restart, a failover, an
   * administrator's `pg_terminate_backend`).
   */
  | { url: string; searchPath?: string; onConnectionLost?: (error: Error) => void }
  /** The embedded database in a folder, or in memory when `dataDir` is omitted. */
  | { dataDir?: string }
  /** An already open PGlite instance (tests clone a migrated template). */
  | { pglite: PGlite };

/**
 * JIT off on every connection of the product's pool (decision 077). Its statements are short
 * reads and writes by key, and JIT pays back its compile time only on long analytic scans; the
 * partitioned readings tables raise estimates (a plan over many monthly partitions, decision 074)
 * past `jit_above_cost`, and compiling a year summary's expressions then took 0.5–2.4 s, more than
 * running it. Set here, not per statement, so no statement needs a transaction for `SET LOCAL`,
 * and one added later cannot forget it. PGlite has no JIT.
 */
const NO_JIT = '-c jit=off';

/**
 * Opens the database: embedded PGlite by default, a PostgreSQL server when a URL is given. Both
 * are reached through node-postgres so one data layer and one SQL dialect serve both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: [
        NO_JIT,
        ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
      ].join(' '),
    });
    // An idle connection the server ends is an 'error' event on the pool, which would end the
    // process unheard; the pool has already dropped that connection and opens another when asked.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    // Only the ingest statements are prepared here (decision 014; the rest: decision 009).
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool, { onlyMarked: true }) }),
    });
    return {
      db,
      kind: 'postgres',
      poolUse: poolUseOf(pool),
      dumpTo: (file) => dumpPostgres(options.url, file),
      close: () => db.destroy(),
    };
  }
  const ownsInstance = !('pglite' in options);
  const dataDir = 'dataDir' in options ? options.dataDir : undefined;
  // One process at a time in a data folder (see data-dir-lock.ts); throws DataDirInUseError.
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pglite: PGlite;
  try {
    pglite = 'pglite' in options ? options.pglite : await PGlite.create(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const pgPool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pgPool) }),
  });
  return {
    db,
    kind: 'pglite',
    poolUse: poolUseOf(pgPool),
    dumpTo: (file) => dumpPglite(pglite, file),
    close: async () => {
      await db.destroy();
      if (ownsInstance) await pglite.close();
      unlock();
    },
  };
}
