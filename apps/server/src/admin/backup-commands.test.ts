import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { backupTo, restoreFrom } from './backup-commands';
import { parseAdminCommand, UsageError } from './commands';

const folder = () => mkdtempSync(join(tmpdir(), 'backup-commands-'));

describe('backup and restore commands (issue #26)', () => {
  it('take the file from the folder the command was typed in', () => {
    expect(parseAdminCommand(['backup', '--to', 'nightly.tar.gz'], { cwd: '/srv/ops' })).toEqual({
      name: 'backup',
      to: '/srv/ops/nightly.tar.gz',
    });
    expect(parseAdminCommand(['restore', '--from', '/b/x.tar.gz'], { cwd: '/srv' })).toEqual({
      name: 'restore',
      from: '/b/x.tar.gz',
    });
  });

  it.each([
    [['backup'], 'backup takes --to FILE.'],
    [['backup', '--from', 'x'], 'backup takes --to FILE.'],
    [['restore', '--from'], 'restore takes --from FILE.'],
    [['restore', '--from', 'a', 'b'], 'restore takes --from FILE.'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAdminCommand(argv)).toThrow(new UsageError(message));
  });

  describe('with a backup made', () => {
    let t: TestApp;
    let backup: string;
    const filesDir = join(folder(), 'files');
    beforeAll(async () => {
      t = await createTestApp();
      mkdirSync(join(filesDir, 'exports'), { recursive: true });
      writeFileSync(join(filesDir, 'exports', 'history.csv'), 'a,b\n1,2\n');
      backup = join(folder(), 'backup.tar.gz');
      const said = await backupTo(
        {
          // What the archive holds of the database is the database's own business (database-backup.ts).
          database: {
            kind: 'pglite',
            db: t.ctx.db,
            dumpTo: async (file) => {
              const pgdata = folder();
              writeFileSync(join(pgdata, 'PG_VERSION'), '17');
              await tar.create({ file, cwd: pgdata }, ['PG_VERSION']);
            },
          },
          files: { kind: 'local', dir: filesDir, linkSecret: undefined },
          now: () => new Date('2026-11-29T10:00:00Z'),
        },
        backup,
      );
      expect(said).toMatch(/^Backed up the embedded database and the stored files to .* in /);
    });
    afterAll(() => t.close());

    it('writes one archive with its manifest, the database and the files', async () => {
      const entries: string[] = [];
      await tar.list({ file: backup, onReadEntry: (entry) => entries.push(entry.path) });
      expect(entries).toEqual(
        expect.arrayContaining([
          'manifest.json',
          'database/pgdata.tar',
          'files/exports/history.csv',
        ]),
      );
    });

    it('never writes over a file', async () => {
      await expect(
        backupTo(
          {
            database: { kind: 'pglite', db: t.ctx.db, dumpTo: async () => undefined },
            files: { kind: 'local', dir: filesDir, linkSecret: undefined },
            now: () => new Date(),
          },
          backup,
        ),
      ).rejects.toThrow(`backup: ${backup} already exists; name a new file.`);
    });

    const local = (dataDir: string) => ({
      dataDir,
      databaseUrl: undefined,
      files: { kind: 'local' as const, dir: join(dataDir, 'files'), linkSecret: undefined },
    });

    it('restores into an empty data folder only, and says so', async () => {
      const used = folder();
      writeFileSync(join(used, 'PG_VERSION'), '17');
      await expect(restoreFrom(local(used), backup)).rejects.toThrow(
        `restore: DATA_DIR (${used}) is not empty; restore into an empty folder.`,
      );
      expect(readdirSync(used)).toEqual(['PG_VERSION']);
      const empty = folder();
      expect(await restoreFrom(local(empty), backup)).toBe(
        `Restored the backup of 2026-11-29T10:00:00.000Z (migration ${await lastMigration()}) into ${empty}, its files into ${join(empty, 'files')}. Start the server on it.`,
      );
      expect(readdirSync(empty).sort()).toEqual(['PG_VERSION', 'files']);
      expect(readdirSync(join(empty, 'files', 'exports'))).toEqual(['history.csv']);
    });

    // The move itself, into an empty database, is e2e/system/backup.test.ts's (decision 081).
    it.skipIf(!process.env.DATABASE_URL)(
      'refuses to move an embedded backup into a PostgreSQL database that holds tables',
      async () => {
        await expect(
          restoreFrom({ ...local(folder()), databaseUrl: process.env.DATABASE_URL }, backup),
        ).rejects.toThrow('restore: the database of DATABASE_URL is not empty; create a new one.');
      },
    );

    it('refuses a file that is no backup, or is missing', async () => {
      const other = join(folder(), 'other.tar.gz');
      const source = folder();
      writeFileSync(join(source, 'notes.txt'), 'hello');
      await tar.create({ gzip: true, file: other, cwd: source }, ['notes.txt']);
      await expect(restoreFrom(local(folder()), other)).rejects.toThrow(
        'restore: this is not a backup made by `admin backup` (no manifest.json).',
      );
      await expect(restoreFrom(local(folder()), '/no/such/backup.tar.gz')).rejects.toThrow(
        'restore: /no/such/backup.tar.gz does not exist.',
      );
    });

    const lastMigration = async () =>
      (
        await sql<{
          name: string;
        }>`SELECT max(name) AS name FROM schema_migrations`.execute(t.ctx.db)
      ).rows[0]!.name;
  });
});
