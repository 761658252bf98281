import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

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

/** Starts the real product (as `npm run serve` does) on a fresh embedded database and waits until it answers. */
export async function startProduct(
  port: number,
  { dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-')) }: { dataDir?: string } = {},
): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn('npm', ['run', 'serve'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
    },
    stdio: 'ignore',
    detached: true,
  });
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
  return { url, stop: () => process.kill(-child.pid!, 'SIGTERM') };
}

export function formatRatio(value: number): string {
  return `${value.toFixed(2)}x`;
}
