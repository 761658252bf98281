import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

// Query texts come from the code, so this stays as small as the set of queries it has.
const names = new Map<string, string>();

/** A statement name derived from its text, so the same query reuses the same prepared statement. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `k_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Marks a statement to be prepared on PostgreSQL too: for the hot statements whose answer has
 * fixed, named columns (no `SELECT *`), so a column added by another process cannot change their
 * result type (decision 014). It starts a `sql` template (`${sql.raw(PREPARED_ON_POSTGRES)}`) or
 * ends a query builder (`.modifyEnd(sql.raw(PREPARED_ON_POSTGRES))`).
 */
export const PREPARED_ON_POSTGRES = '/* prepared */';

const isMarked = (text: string) =>
  text.startsWith(PREPARED_ON_POSTGRES) || text.endsWith(PREPARED_ON_POSTGRES);

/**
 * A pool whose clients run every query that has parameters as a named prepared statement:
 * PostgreSQL parses and plans it once per connection and afterwards only binds and executes it.
 * On the embedded database this roughly halves the cost of a query, which is spent on the
 * server's own thread (decision 009). Queries without parameters (migration scripts with several
 * statements) keep the simple protocol. Kysely always sends values as parameters, so the number
 * of distinct statements per connection is bounded by the queries in the code.
 *
 * Only for the embedded database: a prepared `SELECT *` fails with "cached plan must not change
 * result type" once another process adds a column, which can happen on a shared PostgreSQL server
 * during a rolling upgrade but not in a data folder this process holds locked. On PostgreSQL,
 * `onlyMarked` prepares only the statements marked with PREPARED_ON_POSTGRES.
 */
export function withPreparedStatements(
  pool: pg.Pool,
  { onlyMarked = false }: { onlyMarked?: boolean } = {},
): PostgresPool {
  return {
    connect: async (): Promise<PostgresPoolClient> => {
      const client = await pool.connect();
      function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(
        textOrCursor: string | PostgresCursor<unknown>,
        values: readonly unknown[] = [],
      ): unknown {
        // A cursor (streaming) goes through as it is.
        if (typeof textOrCursor !== 'string')
          return client.query(textOrCursor as unknown as pg.Submittable);
        if (values.length === 0) return client.query(textOrCursor);
        if (onlyMarked && !isMarked(textOrCursor)) return client.query(textOrCursor, [...values]);
        return client.query({
          name: statementName(textOrCursor),
          text: textOrCursor,
          values: [...values],
        });
      }
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
