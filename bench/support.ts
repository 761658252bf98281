import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

export type LoadResult = {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

/** Runs a bounded load against one URL on this machine. */
export async function load(
  url: string,
  { connections = 32, seconds = 5 } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * Starts the real product (as `npm run serve` does) and waits until it answers: on a fresh
 * embedded database, or on `databaseUrl` (default: DATABASE_URL). `stopped` settles once the
 * server has exited, its database closed.
 */
export async function startProduct(
  port: number,
  {
    dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-')),
    databaseUrl = process.env.DATABASE_URL ?? '',
    env = {},
  }: { dataDir?: string; databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<{ url: string; stop: () => void; stopped: Promise<void> }> {
  const child: ChildProcess = spawn('npm', ['run', 'serve'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      DATABASE_URL: databaseUrl,
      ...env,
    },
    // BENCH_SERVER_LOG=<file> keeps the server's output, to see why a run failed.
    stdio: process.env.BENCH_SERVER_LOG
      ? [
          'ignore',
          openSync(process.env.BENCH_SERVER_LOG, 'a'),
          openSync(process.env.BENCH_SERVER_LOG, 'a'),
        ]
      : 'ignore',
    detached: true,
  });
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/brands`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the product did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop: () => process.kill(-child.pid!, 'SIGTERM'), stopped };
}

/**
 * A database of its own for one benchmark run: with DATABASE_URL, a new database on that server
 * (dropped by `drop`), so earlier runs' rows and other work on the server's databases change
 * nothing; without it, the embedded database (`url` undefined: each run uses a fresh data folder).
 */
export async function freshDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => undefined };
  const name = `monitor_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client
        .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        .finally(() => client.end());
    },
  };
}

export type ProvisionedUnit = { Id: number; SerialNumber: string; IMEI: string; DeviceKey: string };

/**
 * Makes units through the operator's command, as `npm run admin -- provision-devices` does:
 * DeviceType 5 (a PRO test unit, registered without payment) with a supported firmware.
 */
export async function provisionUnits(
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
  count: number,
): Promise<ProvisionedUnit[]> {
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'provision-devices',
      '--type',
      '5',
      '--firmware',
      '10.6',
      '--count',
      String(count),
      '--json',
    ],
    {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
    },
  );
  return JSON.parse(stdout.slice(stdout.indexOf('['))) as ProvisionedUnit[];
}

/** One JSON call to the running product; throws with the answer on any status but 2xx. */
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

export type Owner = { userId: number; token: string; email: string };

/**
 * A customer who owns `units`, made through the product's own calls (registration, then
 * POST /api/users/{userId}/devices per serial), so each unit has the default alarm points
 * (temperature 40–85 °F, humidity 10–70 %) and e-mail notifications an owner starts with.
 */
export async function registerOwner(
  productUrl: string,
  units: readonly ProvisionedUnit[],
): Promise<Owner & { userDeviceIds: number[] }> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Bench-password-9';
  const user = await callJson<{ Id: number; AccessToken: string }>(
    `${productUrl}/RegistrationGateway.php`,
    {
      method: 'POST',
      body: {
        FirstName: 'Bench',
        LastName: 'Owner',
        EmailAddress: email,
        Password: password,
        ConfirmPassword: password,
        TenantId: 2,
      },
    },
  );
  const userDeviceIds: number[] = [];
  for (const [index, unit] of units.entries()) {
    const userDevice = await callJson<{ Id: number }>(
      `${productUrl}/api/users/${user.Id}/devices`,
      {
        method: 'POST',
        token: user.AccessToken,
        body: { SerialNumber: unit.SerialNumber, Name: `Bench unit ${index + 1}` },
      },
    );
    userDeviceIds.push(userDevice.Id);
  }
  return { userId: user.Id, token: user.AccessToken, email, userDeviceIds };
}

/** The Authorization header of the device protocol: Basic with the IMEI and the device key. */
export function deviceAuthorization(unit: { IMEI: string; DeviceKey: string }): string {
  return `Basic ${Buffer.from(`${unit.IMEI}:${unit.DeviceKey}`).toString('base64')}`;
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? NaN;
}

export function formatRatio(value: number): string {
  return `${value.toFixed(2)}x`;
}

/**
 * Runs `rounds` rounds of the sides (product, baseline, …), each round's order turned by one, so
 * neither side always runs first on a machine whose load moves: with two sides, product then
 * baseline, then baseline then product, and so on. Each side is called with the round's number.
 */
export async function alternate(
  rounds: number,
  sides: readonly ((round: number) => Promise<void>)[],
): Promise<void> {
  for (let round = 0; round < rounds; round += 1)
    for (let turn = 0; turn < sides.length; turn += 1)
      await sides[(round + turn) % sides.length]!(round);
}

/**
 * Waits until no live process holds the embedded database's folder: the server removes its lock
 * (monitor.lock) once it has closed the database, after the job queue's graceful stop (up to
 * 30 s for deliveries in flight). A lock whose process is gone is stale: the next opener takes it
 * over (data-dir-lock.ts), so it is not waited for.
 */
export async function waitForDataFolder(dataDir: string): Promise<void> {
  const path = join(dataDir, 'monitor.lock');
  const isHeld = () => {
    if (!existsSync(path)) return false;
    try {
      process.kill(Number(readFileSync(path, 'utf8')), 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let waited = 0; isHeld(); waited += 200) {
    if (waited > 180_000) throw new Error('the server did not release the data folder');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One batch of device reports POSTed on a kept-alive connection; answers the status and body. */
export function postReports(
  agent: http.Agent,
  url: URL,
  authorization: string,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: '/device-api/v1/reports',
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
