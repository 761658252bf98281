import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'monitor.lock';

/** The embedded database folder is already open in another process (usually the running server). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}), probably the running server. ` +
        'Stop it first, or run against PostgreSQL with DATABASE_URL.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A process killed with -9 stays a zombie until its parent reaps it (in a container PID 1 may
 * never do so); it holds no files, so its lock is stale. Linux only: elsewhere nothing is known.
 */
function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; comm may contain spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

function readLockPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data folder for this process. PGlite itself does not stop a second process from
 * opening the same folder, and two writers would corrupt it, so a pid file guards it. A lock left
 * by a process that died (kill -9, crash) is taken over. Answers the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readLockPid(path);
      if (pid !== null && isProcessAlive(pid)) throw new DataDirInUseError(dataDir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new DataDirInUseError(dataDir, readLockPid(path) ?? 0);
}
