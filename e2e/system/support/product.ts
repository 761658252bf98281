import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { provisionDevices } from '../../support/inventory';

/**
 * Real server processes for the system tests (e2e/system): started as `npm run serve` starts
 * them, on a database of their own, and driven only over HTTP and the admin command, as an
 * operator would. Nothing here imports from apps/*.
 */

const ROOT = new URL('../../..', import.meta.url).pathname;

export type Product = {
  url: string;
  pid: number;
  /** Sends a signal to the process group (SIGTERM by default) and waits until it has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
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

/** The environment a product process gets: quiet, no demo data, its own port and database. */
function productEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    DATABASE_URL: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'monitor-system-')),
    ...env,
  };
}

/**
 * Starts the product (`npm run serve`) and waits until it answers. `env` overrides the
 * defaults (DATABASE_URL for PostgreSQL, DATA_DIR for a given embedded database folder).
 */
export async function startProduct({
  port,
  env = {},
  timeoutMs = 60_000,
}: {
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
} = {}): Promise<Product> {
  const chosenPort = port ?? (await findFreePort());
  const child = spawn('npm', ['run', 'serve'], {
    cwd: ROOT,
    env: productEnv(chosenPort, env),
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so stopping it stops npm, tsx and node together.
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${chosenPort}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited on start:\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/brands`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`the product did not start within ${timeoutMs} ms:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
}

/**
 * A fresh PostgreSQL database `sys_<random>` on the server of DATABASE_URL, for processes that
 * must share one database; `drop` removes it (closing any connection left behind).
 */
export async function createSystemDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `sys_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export type { ProvisionedUnit } from '../../support/inventory';

/** Makes units through the operator's command on this product's database (a PRO unit by default). */
export const provisionUnits = (
  env: Record<string, string>,
  {
    count = 1,
    deviceType = 4,
    firmware = '10.6',
    provisionedAt,
  }: { count?: number; deviceType?: number; firmware?: string; provisionedAt?: Date } = {},
) =>
  provisionDevices({
    type: deviceType,
    count,
    firmware,
    provisionedAt,
    // The product's own database: its data folder unless `env` names a PostgreSQL server.
    env: { DATABASE_URL: '', ...env },
  });

/** One JSON call to a running product; throws with the answer on any status but 2xx. */
export async function callJson<T>(
  url: string,
  { method = 'GET', token, body }: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Registers a new customer through the registration call; answers their Id and access token. */
export async function registerCustomer(
  productUrl: string,
): Promise<{ userId: number; token: string; email: string }> {
  const email = `system-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Correct-horse-battery-9';
  const user = await callJson<{ Id: number; AccessToken: string }>(
    `${productUrl}/RegistrationGateway.php`,
    {
      method: 'POST',
      body: {
        FirstName: 'System',
        LastName: 'Test',
        EmailAddress: email,
        Password: password,
        ConfirmPassword: password,
        TenantId: 2,
      },
    },
  );
  return { userId: user.Id, token: user.AccessToken, email };
}

/** The Authorization header of the device protocol: Basic with the IMEI and the device key. */
export function deviceAuthorization(unit: { IMEI: string; DeviceKey: string }): string {
  return `Basic ${Buffer.from(`${unit.IMEI}:${unit.DeviceKey}`).toString('base64')}`;
}

/**
 * Sends a unit's readings again by timestamp, 500 a call; answers how many the product took as
 * new and how many it had stored already. A durable report comes back a duplicate.
 */
export async function resendReports(
  url: string,
  unit: { IMEI: string; DeviceKey: string },
  timestamps: string[],
): Promise<{ accepted: number; duplicates: number }> {
  const tally = { accepted: 0, duplicates: 0 };
  for (let i = 0; i < timestamps.length; i += 500) {
    const response = await fetch(`${url}/device-api/v1/reports`, {
      method: 'POST',
      headers: { authorization: deviceAuthorization(unit), 'content-type': 'application/json' },
      body: JSON.stringify({
        Reports: timestamps.slice(i, i + 500).map((ReportTimestamp) => ({ ReportTimestamp })),
      }),
    });
    if (response.status !== 200)
      throw new Error(`resending reports: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { Accepted: number; Duplicates: number };
    tally.accepted += answer.Accepted;
    tally.duplicates += answer.Duplicates;
  }
  return tally;
}
