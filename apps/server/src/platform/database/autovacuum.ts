import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * The autovacuum the embedded database lacks (decision 079). PGlite is PostgreSQL without its
 * background processes: no table is ever vacuumed or analysed unless asked. Two things then go
 * wrong as a data folder grows:
 * - the planner never learns a table's size, and a statement prepared while a table was small
 *   keeps its plan: the device list's newest-reading lookup, planned on a new month's near-empty
 *   partition, read the whole partition once per unit for the rest of the month (its cost grew by
 *   the minute in the soak). ANALYZE updates the statistics and invalidates such plans;
 * - dead rows are never reclaimed and old transaction ids never frozen, and PostgreSQL refuses
 *   writes before its transaction counter wraps around.
 *
 * So, on the embedded database only, the server asks PostgreSQL's own statistics which tables
 * autovacuum would take now, by autovacuum's own settings and formulas, and runs VACUUM or ANALYZE
 * on each, one statement at a time so requests are served between them. On a PostgreSQL server,
 * autovacuum does this itself.
 */

/** What autovacuum would do to one table now. */
export type TableUpkeep = { table: string; vacuum: boolean; analyze: boolean };

/**
 * The tables past autovacuum's thresholds (PostgreSQL's `relation_needs_vacanalyze`): changed
 * rows since the last ANALYZE past `autovacuum_analyze_threshold` + scale × rows; dead rows, or
 * rows inserted since the last VACUUM, past theirs; or transaction ids older than
 * `autovacuum_freeze_max_age`. A table never analysed counts its rows as none.
 */
export async function findTablesDue(db: Kysely<DB>): Promise<TableUpkeep[]> {
  const setting = (name: string) => sql<number>`current_setting(${name})::float8`;
  const rows = sql<number>`greatest(c.reltuples, 0)`;
  const { rows: due } = await sql<TableUpkeep>`
    SELECT * FROM (
      SELECT format('%I.%I', s.schemaname, s.relname) AS "table",
        s.n_dead_tup > ${setting('autovacuum_vacuum_threshold')}
            + ${setting('autovacuum_vacuum_scale_factor')} * ${rows}
          OR s.n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')}
            + ${setting('autovacuum_vacuum_insert_scale_factor')} * ${rows}
          OR age(c.relfrozenxid) > ${setting('autovacuum_freeze_max_age')} AS "vacuum",
        s.n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')}
            + ${setting('autovacuum_analyze_scale_factor')} * ${rows} AS "analyze"
      FROM pg_stat_all_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE c.relkind IN ('r', 'm')
    ) t
    WHERE "vacuum" OR "analyze"
    ORDER BY "table"`.execute(db);
  return due;
}

/** Runs what each due table needs, one table at a time; answers what was done. */
export async function runAutovacuum(db: Kysely<DB>): Promise<TableUpkeep[]> {
  const due = await findTablesDue(db);
  for (const { table, vacuum, analyze } of due) {
    // The name comes from the catalogue, quoted by format('%I.%I').
    const statement = vacuum ? `VACUUM${analyze ? ' (ANALYZE)' : ''} ${table}` : `ANALYZE ${table}`;
    await sql.raw(statement).execute(db);
  }
  return due;
}

export type AutovacuumLog = {
  debug: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
};

/**
 * Runs `runAutovacuum` every `everyMs` (autovacuum's own naptime is a minute), the next run
 * timed from the end of the last. Answers a stop that waits for a run in progress, so the
 * database is not closed under it.
 */
export function startAutovacuum(
  db: Kysely<DB>,
  { log, everyMs = 60_000 }: { log: AutovacuumLog; everyMs?: number },
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let isStopped = false;
  const tick = () => {
    running = (async () => {
      const started = performance.now();
      try {
        const done = await runAutovacuum(db);
        if (done.length > 0)
          log.debug(
            { tables: done, durationMs: Math.round(performance.now() - started) },
            'autovacuum done',
          );
      } catch (error) {
        // Most often a table dropped between the list and its turn; the next run looks again.
        log.warn({ err: error }, 'autovacuum failed; the next run tries again');
      }
      if (!isStopped) timer = setTimeout(tick, everyMs).unref();
    })();
  };
  timer = setTimeout(tick, everyMs).unref();
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await running;
  };
}
