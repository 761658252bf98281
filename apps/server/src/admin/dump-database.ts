import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/database/schema';

/**
 * Every row of every table of the product's schema as JSON lines (`{"table":…,"row":{…}}`), table
 * by table in name order: a dump support can read or search, the same for the embedded database
 * and a PostgreSQL server (pg_dump cannot reach the embedded one). The e2e journeys search it to
 * prove a card number never reached the database (issue #14).
 */
export async function dumpDatabase(db: Kysely<DB>): Promise<string> {
  // A partitioned table's rows once, through the table: its partitions are tables too.
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace
      and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  const lines: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ line: string }>`
      select json_build_object('table', ${name}::text, 'row', row_to_json(t))::text as line
      from ${sql.table(name)} t`.execute(db);
    for (const { line } of rows.rows) lines.push(line);
  }
  return lines.join('\n');
}
