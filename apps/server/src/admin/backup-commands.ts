import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import * as tar from 'tar';
import type { Config } from '../platform/config/config';
import type { Database } from '../platform/database/database';
import {
  isPostgresEmpty,
  restorePglite,
  restorePostgres,
} from '../platform/database/database-backup';
import { lockDataDir } from '../platform/database/data-dir-lock';
import { moveIntoPostgres } from './move-to-postgres';

/*
 * `backup --to FILE` and `restore --from FILE` (issue #26, decision 075). A backup is one tar.gz:
 *   manifest.json          what it holds (BackupManifest)
 *   database/pgdata.tar    the embedded database: its data folder, copied consistently
 *   database/postgres.dump a PostgreSQL server's database: pg_dump's custom format
 *   files/…                the local file storage (exports, certificates, the links' key)
 * The database is copied first, then the files: a file written in between is one more, never one
 * a copied row names but the backup lacks.
 */

export const BACKUP_USAGE = `  backup --to FILE
      Writes a consistent backup of the database and of the local file storage to FILE (a
      .tar.gz), while the server runs: the embedded database through the running server (its
      data folder, copied between two statements), a PostgreSQL server with pg_dump (its client
      tools installed).
      Files kept in S3 are not copied: keep the bucket versioned.
  restore --from FILE
      Restores a backup into an empty data folder (DATA_DIR, and FILES_DIR when set) or, with
      DATABASE_URL, into an empty PostgreSQL database; the server started on it next brings its
      schema up to date. The server must not be running on the target. A backup of the embedded
      database restored with DATABASE_URL moves it into PostgreSQL (a role that may set
      session_replication_role, as a superuser).`;

export type BackupCommand = { name: 'backup'; to: string } | { name: 'restore'; from: string };

export type BackupManifest = {
  format: 'monitor-backup';
  version: 1;
  database: 'embedded' | 'postgresql';
  createdAt: string;
  /** The schema's last migration when the backup was made. */
  migration: string | null;
  /** Whether files/ holds the local file storage (not when files are kept in S3). */
  hasFiles: boolean;
};

const DUMP_FILE = { embedded: 'database/pgdata.tar', postgresql: 'database/postgres.dump' };

/**
 * Reads `backup --to FILE` or `restore --from FILE`; FILE is taken from `cwd`, where the operator
 * typed the command (the server answering through the admin socket runs elsewhere).
 */
export function parseBackupCommand(
  name: BackupCommand['name'],
  extra: readonly string[],
  { cwd, fail }: { cwd: string; fail: (message: string) => Error },
): BackupCommand {
  const option = name === 'backup' ? '--to' : '--from';
  const [flag, file, ...more] = extra;
  if (flag !== option || !file || file.startsWith('--') || more.length > 0)
    throw fail(`${name} takes ${option} FILE.`);
  const path = resolve(cwd, file);
  return name === 'backup' ? { name, to: path } : { name, from: path };
}

export type BackupSource = {
  database: Pick<Database, 'kind' | 'db' | 'dumpTo'>;
  files: Config['files'];
  now: () => Date;
};

/** Writes the archive beside `to` and renames it there once whole: never half a backup at `to`. */
export async function backupTo(source: BackupSource, to: string): Promise<string> {
  if (existsSync(to)) throw new Error(`backup: ${to} already exists; name a new file.`);
  const started = performance.now();
  const staging = await mkdtemp(join(tmpdir(), 'monitor-backup-'));
  const partial = `${to}.partial`;
  try {
    const kind = source.database.kind === 'pglite' ? 'embedded' : 'postgresql';
    await mkdir(join(staging, 'database'));
    await source.database.dumpTo(join(staging, DUMP_FILE[kind]));
    const hasFiles = source.files.kind === 'local' && existsSync(source.files.dir);
    // Archived through a link, not copied: the files may be many.
    if (hasFiles && source.files.kind === 'local')
      await symlink(resolve(source.files.dir), join(staging, 'files'), 'dir');
    const manifest: BackupManifest = {
      format: 'monitor-backup',
      version: 1,
      database: kind,
      createdAt: source.now().toISOString(),
      migration: (
        await sql<{
          name: string | null;
        }>`SELECT max(name) AS name FROM schema_migrations`.execute(source.database.db)
      ).rows[0]!.name,
      hasFiles,
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', 'database', ...(hasFiles ? ['files'] : [])];
    await tar.create(
      { gzip: true, file: partial, cwd: staging, follow: true, portable: true },
      entries,
    );
    await rename(partial, to);
    const { size } = await stat(to);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `Backed up the ${kind === 'embedded' ? 'embedded database' : 'PostgreSQL database'}${hasFiles ? ' and the stored files' : ''} to ${to} (${megabytes(size)}) in ${seconds} s.`;
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores into an empty target: the data folder (or the PostgreSQL database of DATABASE_URL,
 * where a backup of the embedded database moves, decision 081), and the local file storage. Refuses a target that holds anything, so a restore never mixes
 * with, or overwrites, data.
 */
export async function restoreFrom(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'files'>,
  from: string,
): Promise<string> {
  if (!existsSync(from)) throw new Error(`restore: ${from} does not exist.`);
  const staging = await mkdtemp(join(tmpdir(), 'monitor-restore-'));
  try {
    await tar.extract({ file: from, cwd: staging });
    const manifest = await readManifest(staging);
    const dump = join(staging, DUMP_FILE[manifest.database]);
    if (manifest.database === 'postgresql') {
      if (!config.databaseUrl)
        throw new Error(
          'restore: this backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
        );
      if (!(await isPostgresEmpty(config.databaseUrl)))
        throw new Error('restore: the database of DATABASE_URL is not empty; create a new one.');
    } else if (config.databaseUrl) {
      if (!(await isPostgresEmpty(config.databaseUrl)))
        throw new Error('restore: the database of DATABASE_URL is not empty; create a new one.');
    } else {
      await requireEmptyFolder(config.dataDir, 'DATA_DIR');
    }
    const filesDir = config.files.kind === 'local' ? config.files.dir : undefined;
    if (
      manifest.hasFiles &&
      filesDir &&
      resolve(filesDir) !== join(resolve(config.dataDir), 'files')
    )
      await requireEmptyFolder(filesDir, 'FILES_DIR');
    let moved = '';
    if (manifest.database === 'postgresql') await restorePostgres(dump, config.databaseUrl!);
    else if (config.databaseUrl) {
      const { tables, rows } = await moveIntoPostgres(dump, config.databaseUrl);
      moved = ` (moved from the embedded database: ${rows.toLocaleString('en-US')} rows of ${tables} tables)`;
    } else {
      // Held as the server holds it: a server started meanwhile on the folder is refused.
      const unlock = lockDataDir(config.dataDir);
      try {
        await restorePglite(dump, config.dataDir);
      } finally {
        unlock();
      }
    }
    if (manifest.hasFiles && filesDir)
      await cp(join(staging, 'files'), filesDir, { recursive: true });
    return `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration ?? 'none'}) into ${config.databaseUrl ? `the PostgreSQL database${moved}` : config.dataDir}${manifest.hasFiles ? (filesDir ? `, its files into ${filesDir}` : '; its files were not restored: FILES_S3_BUCKET is set, copy them there') : ''}. Start the server on it.`;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(
      await readFile(join(staging, 'manifest.json'), 'utf8'),
    ) as Partial<BackupManifest>;
  } catch {
    throw new Error('restore: this is not a backup made by `admin backup` (no manifest.json).');
  }
  if (manifest.format !== 'monitor-backup' || manifest.version !== 1 || !manifest.database)
    throw new Error('restore: this is not a backup made by `admin backup`, or of a newer format.');
  return manifest as BackupManifest;
}

async function requireEmptyFolder(dir: string, name: string): Promise<void> {
  if (!existsSync(dir)) return;
  if ((await readdir(dir)).length > 0)
    throw new Error(
      `restore: ${name} (${resolve(dir)}) is not empty; restore into an empty folder.`,
    );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
