import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/helpers/admin-cli';
import { createLocalFileStorage } from '../adapters/files/local-file-storage';
import { BRANDS } from '../platform/config/brands';
import { lockDataDir } from '../platform/database/data-dir-lock';
import { openDatabase } from '../platform/database/database';
import { migrate } from '../platform/database/migrate';
import { startAdminSocket } from './admin-socket';

const now = () => new Date();

describe('npm run admin', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'monitor-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a staff user in the embedded database, migrating it first', async () => {
    const result = await runCli(
      ['create-staff', '--email', 'ops@example.com', '--password', 'ops secret 1'],
      dataDir,
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Created staff user ops@example\.com \(id 1\)\./);
    expect(result.code).toBe(0);
    // A process of its own that creates the data folder and applies every migration: seconds
    // alone, tens of seconds on two cores shared with other test files.
  }, 90_000);

  it('exits 1 with the usage for a bad command line', async () => {
    const result = await runCli(['create-staff', '--email', 'ops@example.com'], dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--password is required.');
    expect(result.stderr).toContain('Usage: npm run admin');
  });

  it('exits 1 saying so when the server holds the embedded database', async () => {
    const release = lockDataDir(dataDir);
    try {
      const result = await runCli(['grant-staff', '--email', 'ops@example.com'], dataDir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by another process (pid ${process.pid})`);
      expect(result.stderr).toContain('Stop it first');
    } finally {
      release();
    }
  });

  it('hands the command to the running server through its admin socket (issue #4)', async () => {
    const database = await openDatabase({ dataDir });
    await migrate(database.db);
    const ctx = {
      db: database.db,
      files: createLocalFileStorage({ dir: join(dataDir, 'files'), secret: 'k'.repeat(32), now }),
      brands: BRANDS,
      now,
    };
    const stop = await startAdminSocket({ ctx, dataDir, defaultTenantId: 2 });
    try {
      const result = await runCli(
        ['provision-devices', '--type', '4', '--count', '2', '--json'],
        dataDir,
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const printed = JSON.parse(result.stdout) as { IMEI: string }[];
      expect(printed).toHaveLength(2);
      const stored = await database.db
        .selectFrom('devices')
        .select('imei')
        .where(
          'imei',
          'in',
          printed.map((device) => device.IMEI),
        )
        .execute();
      expect(stored).toHaveLength(2);
      const refused = await runCli(['provision-pucks', '--count', '1', '--style', '5'], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('--style');
    } finally {
      await stop();
      await database.close();
    }
    // Two processes of their own, each loading the command line: tens of seconds on a busy machine.
  }, 90_000);
});
