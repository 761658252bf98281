import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';

/*
 * A database copied whole into one file and back (issue #26, decision 075): the embedded database
 * as a tar of its data folder, a PostgreSQL server with pg_dump's custom format.
 * The admin commands `backup` and `restore` (admin/backup-commands.ts) put it in an archive with
 * the stored files.
 */

const run = promisify(execFile);

/** What the product itself keeps in the data folder beside PGlite's files: not the database's. */
const NOT_THE_DATABASE = new Set(['files', 'monitor.lock', 'admin.sock']);

/**
 * A tar of the embedded database's folder, read while PGlite runs nothing else (`runExclusive`):
 * the copy is what a crash at that instant would leave, every committed transaction in its
 * write-ahead log, which PostgreSQL's recovery makes whole when the copy is opened. The checkpoint
 * first writes the pages out, so that recovery has little to replay. (PGlite's own
 * `dumpDataDir` would also take the stored files and the lock, all in memory.)
 */
export async function dumpPglite(pglite: PGlite, file: string): Promise<void> {
  const { dataDir } = pglite;
  if (!dataDir) throw new Error('backup: the embedded database is in memory, not in a folder.');
  await pglite.exec('CHECKPOINT');
  await pglite.runExclusive(async () => {
    await pglite.syncToFs();
    await tar.create(
      { file, cwd: dataDir, portable: true, filter: (path) => !NOT_THE_DATABASE.has(topOf(path)) },
      ['.'],
    );
  });
}

/** Unpacks the copy into an empty data folder: the product opens it next. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  await tar.extract({ file, cwd: dataDir });
}

const topOf = (path: string) => path.replace(/^\.\//, '').split('/')[0] ?? '';

/** pg_dump's custom format: one consistent snapshot of the whole database, read while it runs. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  await runClient('pg_dump', [
    '--format=custom',
    '--no-owner',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
}

/** Into an empty database; any error stops it (a half-restored database must not be started). */
export async function restorePostgres(file: string, url: string): Promise<void> {
  await runClient('pg_restore', [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    `--dbname=${url}`,
    file,
  ]);
}

/** No table in any schema of ours: a database a restore may go into. */
export async function isPostgresEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.count === 0;
  } finally {
    await client.end();
  }
}

async function runClient(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT')
      throw new Error(
        `${command} is not installed: install PostgreSQL's client tools (Debian: postgresql-client) in the server's version or later.`,
        { cause: error },
      );
    throw new Error(`${command} failed: ${stderr?.trim() || String(error)}`, { cause: error });
  }
}
