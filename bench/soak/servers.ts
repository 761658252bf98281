import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, provisionUnits, startProduct, type ProvisionedUnit } from '../support';
import type { SoakOptions } from './options';
import { startRoundRobinProxy } from './proxy';

/**
 * The product as the soak runs it: `npm run serve` on a fresh embedded database, or, with
 * DATABASE_URL, several processes on a fresh PostgreSQL database behind one port
 * (proxy.ts). Each process sends mail to the soak's SMTP sink and writes its log to a file of
 * its own, which the soak reads for errors.
 */

export type Backend = { url: string; logFile: string };

export type SoakServers = {
  /** Where units and users call: the one process, or the proxy in front of them. */
  url: string;
  backends: Backend[];
  where: { dataDir: string; databaseUrl?: string };
  /** The run's folder: the embedded database and the servers' logs. */
  folder: string;
  label: string;
  /** Connections the proxy handed to each process (PostgreSQL only). */
  connections: () => number[];
  /**
   * Stops every process and the proxy; resolves once the database is free to read, with whether
   * the embedded server left its lock behind (its shutdown was cut short).
   */
  stop: () => Promise<{ isLockLeft: boolean }>;
  /** Drops the PostgreSQL database made for the run. */
  drop: () => Promise<void>;
};

/** Whether a process runs (a zombie, killed and not yet reaped, does not). */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Provisions the units on a fresh database, then starts the processes on it. */
export async function startServers(
  options: SoakOptions,
  { smtpPort }: { smtpPort: number },
): Promise<{ servers: SoakServers; units: ProvisionedUnit[] }> {
  const folder = mkdtempSync(join(tmpdir(), 'monitor-soak-'));
  const dataDir = join(folder, 'data');
  mkdirSync(dataDir);
  // With DATABASE_URL a new database on that server; otherwise the embedded one in dataDir.
  const database = await freshDatabase();
  const where = { dataDir, databaseUrl: database.url };
  const products: Awaited<ReturnType<typeof startProduct>>[] = [];
  const stopAll = async () => {
    for (const product of products) {
      try {
        product.stop();
      } catch {
        // already exited
      }
    }
    await Promise.all(products.map((product) => product.stopped));
  };
  let units: ProvisionedUnit[];
  try {
    units = await provisionUnits(where, options.units);
  } catch (error) {
    await database.drop();
    throw error;
  }

  const ports = await Promise.all(Array.from({ length: options.processes }, () => findFreePort()));
  const proxy = options.processes > 1 ? await startRoundRobinProxy(ports) : null;
  const url = `http://127.0.0.1:${proxy ? proxy.port : ports[0]!}`;
  const env = (index: number) => ({
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    LOG_FILE: join(folder, `server-${index + 1}.log`),
    // Every soak user calls from 127.0.0.1: the per-address limits would refuse the 50 sign-ins.
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_REGISTRATION: '100000',
    RATE_LIMIT_ANONYMOUS: '100000',
  });
  try {
    // One at a time: the first applies the migrations (on PostgreSQL the rest would wait on its lock).
    for (const [index, port] of ports.entries()) {
      products.push(await startProduct(port, { ...where, env: env(index) }));
    }
  } catch (error) {
    // The processes run in groups of their own: none may outlive a failed start.
    await stopAll();
    await proxy?.close();
    await database.drop();
    throw error;
  }
  const servers: SoakServers = {
    url,
    backends: products.map((product, index) => ({
      url: product.url,
      logFile: env(index).LOG_FILE,
    })),
    where,
    folder,
    label: options.databaseUrl
      ? `PostgreSQL, ${options.processes} server process${options.processes > 1 ? 'es' : ''}${proxy ? ' behind one port' : ''}`
      : 'embedded PGlite, one server process',
    connections: () => proxy?.connections() ?? [],
    stop: async () => {
      await stopAll();
      await proxy?.close();
      // The server removes monitor.lock once it has closed the embedded database; a lock whose
      // process is gone was left by a shutdown cut short, and the database can be read.
      const lock = join(dataDir, 'monitor.lock');
      for (let waited = 0; existsSync(lock); waited += 200) {
        if (!isProcessAlive(Number.parseInt(readFileSync(lock, 'utf8'), 10))) {
          return { isLockLeft: true };
        }
        if (waited > 120_000) throw new Error('the server did not release the data folder');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return { isLockLeft: false };
    },
    drop: () => database.drop(),
  };
  return { servers, units };
}
