import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant: serialises migrations when several server processes start at once.
const MIGRATION_LOCK = 4_2024_11;

/**
 * Applies every `migrations/NNN-name.sql` not yet applied, in name order, all in one transaction
 * (decision 026): a start that fails on any of them leaves the database exactly as it was, at the
 * schema the previous release runs on, never half-way. The transaction's advisory lock makes a
 * second process starting at the same time wait, then find the work done. The price: no migration
 * may use a statement PostgreSQL refuses inside a transaction (CREATE INDEX CONCURRENTLY, VACUUM).
 * The same files run on PGlite and on PostgreSQL.
 */
const listMigrations = async () =>
  (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();

export async function migrate(db: Kysely<DB>): Promise<string[]> {
  return db.transaction().execute(applyMigrations);
}

/**
 * `migrate`'s work in the caller's transaction: the move of an embedded backup into PostgreSQL
 * makes the schema and copies the rows in one (admin/move-to-postgres.ts).
 */
export async function applyMigrations(trx: Transaction<DB>): Promise<string[]> {
  const files = await listMigrations();
  const applied: string[] = [];
  await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
    trx,
  );
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx);
  const doneNames = new Set(done.rows.map((row) => row.name));
  for (const file of files) {
    if (doneNames.has(file)) continue;
    const text = await readFile(MIGRATIONS_DIR + file, 'utf8');
    await sql.raw(text).execute(trx);
    await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
    applied.push(file);
  }
  return applied;
}

/**
 * The migrations this release has that the database has not applied (readiness, `GET /ready`):
 * none once `migrate` ran, some while another process is still migrating or after a failed start.
 */
export async function findPendingMigrations(db: Kysely<DB>): Promise<string[]> {
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const doneNames = new Set(done.rows.map((row) => row.name));
  return (await listMigrations()).filter((file) => !doneNames.has(file));
}
