import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'monitor-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('marks the folder with this process id and frees it on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'monitor.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'monitor.lock'))).toBe(false);
  });

  it('refuses a second opener while the holder is alive, naming the holder', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another process (pid ${process.pid})`);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that died', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir, 'monitor.lock'), String(dead));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'monitor.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock left by a killed process that is still a zombie (not yet reaped)',
    async () => {
      // The shell starts a child that exits at once, then becomes `sleep`, which never reaps it.
      const parent = spawn('sh', ['-c', 'sleep 0 & exec sleep 5']);
      const children = `/proc/${parent.pid}/task/${parent.pid}/children`;
      await expect.poll(() => readFileSync(children, 'utf8').trim()).not.toBe('');
      const zombie = Number.parseInt(readFileSync(children, 'utf8'), 10);
      try {
        await expect
          .poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0])
          .toBe('Z');
        writeFileSync(join(dir, 'monitor.lock'), String(zombie));
        const release = lockDataDir(dir);
        expect(readFileSync(join(dir, 'monitor.lock'), 'utf8')).toBe(String(process.pid));
        release();
      } finally {
        parent.kill();
      }
    },
  );

  it('creates the folder when it does not exist yet', () => {
    const nested = join(dir, 'data');
    lockDataDir(nested)();
    expect(existsSync(nested)).toBe(true);
  });
});
