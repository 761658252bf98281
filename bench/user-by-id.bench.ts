import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callJson, freshDatabase, load, startProduct, type LoadResult } from './support';

const PRODUCT_PORT = 3951;
const BARE_PORT = 3952;
/** Rounds of each measurement, taken in turn (BENCH_ROUNDS): the machine's load moves between them. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/**
 * Load before measuring, in 2 s steps, at least 10 s and then until a step's rate is within 10 %
 * of the one before (at most 40 s): the JIT compiles the product's hot path over its first
 * thousands of requests. On the shared 2 cores its first 5 s under load cost 2.6 ms of CPU per
 * request, the next 0.9 ms and only then 0.4 ms; a fixed 1 s warm-up measured the warm-up.
 * Answers the steps' rates, printed with the figures.
 */
async function warmUp(url: string): Promise<number[]> {
  const rates: number[] = [];
  for (let step = 0; step < 20; step += 1) {
    rates.push((await load(url, { seconds: 2 })).requestsPerSecond);
    const [previous = 0, last = 0] = rates.slice(-2);
    if (rates.length >= 5 && Math.abs(last - previous) <= 0.1 * previous) break;
  }
  return rates;
}

function isLockHeld(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    process.kill(Number(readFileSync(path, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts bench/bare-user-server.ts in a process of its own and waits until it answers. */
async function startBare(env: Record<string, string>): Promise<{ stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bare-user-server.ts'], {
    cwd: new URL('.', import.meta.url).pathname,
    env: { ...process.env, BARE_PORT: String(BARE_PORT), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const deadline = Date.now() + 60_000; ;) {
    try {
      if ((await fetch(`http://127.0.0.1:${BARE_PORT}/constant/users/1`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the bare server exited');
    if (Date.now() > deadline) throw new Error('the bare server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One 5 s load of `url`, kept in `results`; a run with any failed call is refused. */
async function measure(url: string, results: LoadResult[]): Promise<void> {
  const result = await load(url);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url} failed under load: ${result.non2xx} non-2xx, ${result.errors} errors`);
  results.push(result);
}

const range = (values: number[], digits = 0) => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
};
const describe = (results: LoadResult[]) =>
  `${range(results.map((r) => r.requestsPerSecond))} req/s, p99 ${range(results.map((r) => r.p99Ms))} ms (${results.map((r) => `${r.requestsPerSecond.toFixed(0)}/${r.p99Ms}`).join(', ')})`;
/** The lowest and highest ratio over the rounds, each round's product figure against the same round's baseline. */
const ratios = (real: LoadResult[], base: LoadResult[]) =>
  range(
    real.map((r, i) => r.requestsPerSecond / base[i]!.requestsPerSecond),
    2,
  ) + 'x';

/**
 * GET /api/users/{Id} with a valid token under concurrent load (session lookup, then the User
 * entity with roles, default address and parent in one query, validation, the app's plugins),
 * against two bare Fastify routes in a process of their own, measured in the same run:
 * - the fair baseline: the same two queries through the bare driver on the same database,
 *   answering the same JSON (bench/bare-user-server.ts);
 * - a route answering a constant, what Fastify alone costs.
 *
 * On PostgreSQL (DATABASE_URL) a fresh database of its own, both servers up, the measurements
 * taken in turn. The embedded database admits one process at a time: the product is measured
 * first, then the bare server opens the same data folder.
 */
export async function benchUserById(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-user-'));
  const database = await freshDatabase();
  const isPostgres = database.url !== undefined;
  const real: LoadResult[] = [];
  const fair: LoadResult[] = [];
  const constant: LoadResult[] = [];
  const warmUps: string[] = [];
  try {
    const product = await startProduct(PRODUCT_PORT, { dataDir, databaseUrl: database.url });
    let bare: { stop: () => Promise<void> } | undefined;
    let isProductRunning = true;
    try {
      const user = await callJson<{ Id: number; AccessToken: string }>(
        `${product.url}/RegistrationGateway.php`,
        {
          method: 'POST',
          body: {
            FirstName: 'Bench',
            LastName: 'User',
            EmailAddress: `bench-${Date.now()}@example.com`,
            Password: 'bench-password',
            ConfirmPassword: 'bench-password',
            TenantId: 2,
          },
        },
      );
      const path = `/api/users/${user.Id}?access_token=${user.AccessToken}`;
      const realUrl = `${product.url}${path}`;
      const fairUrl = `http://127.0.0.1:${BARE_PORT}${path}`;
      const constantUrl = `http://127.0.0.1:${BARE_PORT}/constant/users/1`;
      const expected = await callJson<unknown>(realUrl);

      const startBareHere = () =>
        startBare(isPostgres ? { BARE_DATABASE_URL: database.url! } : { BARE_DATA_DIR: dataDir });
      const checkFair = async () => {
        const answer = await callJson<unknown>(fairUrl);
        if (JSON.stringify(answer) !== JSON.stringify(expected))
          throw new Error(
            `the fair baseline answers other JSON: ${JSON.stringify(answer)} vs ${JSON.stringify(expected)}`,
          );
      };

      warmUps.push(`product ${(await warmUp(realUrl)).map((r) => r.toFixed(0)).join(' → ')}`);
      if (isPostgres) {
        bare = await startBareHere();
        await checkFair();
        warmUps.push(`fair ${(await warmUp(fairUrl)).map((r) => r.toFixed(0)).join(' → ')}`);
        await warmUp(constantUrl);
        for (let round = 0; round < ROUNDS; round += 1) {
          await measure(realUrl, real);
          await measure(fairUrl, fair);
          await measure(constantUrl, constant);
        }
      } else {
        for (let round = 0; round < ROUNDS; round += 1) await measure(realUrl, real);
        product.stop();
        isProductRunning = false;
        await product.stopped;
        // The server removes its lock on the data folder once it has closed the database; a lock
        // whose process is gone is stale (the data-dir lock takes it over too).
        for (let waited = 0; isLockHeld(join(dataDir, 'monitor.lock')); waited += 200) {
          if (waited > 120_000) throw new Error('the server did not release the data folder');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        bare = await startBareHere();
        await checkFair();
        warmUps.push(`fair ${(await warmUp(fairUrl)).map((r) => r.toFixed(0)).join(' → ')}`);
        await warmUp(constantUrl);
        for (let round = 0; round < ROUNDS; round += 1) {
          await measure(fairUrl, fair);
          await measure(constantUrl, constant);
        }
      }
    } finally {
      await bare?.stop();
      if (isProductRunning) product.stop();
    }

    console.log(
      `GET /api/users/{Id} (session, then User entity in one query) on ${isPostgres ? 'PostgreSQL (a fresh database)' : 'the embedded database'}, 32 connections, 5 s each, ${ROUNDS} rounds${isPostgres ? ' in turn' : ' (product first, then the bare server on the same folder)'}`,
    );
    console.log(`  warm-up, req/s per 2 s: ${warmUps.join('; ')}`);
    console.log(`  real:                             ${describe(real)}`);
    console.log(`  fair baseline (same queries, bare driver): ${describe(fair)}`);
    console.log(`  constant route:                   ${describe(constant)}`);
    console.log(`  throughput ratio real/fair:       ${ratios(real, fair)}`);
    console.log(`  throughput ratio real/constant:   ${ratios(real, constant)}`);
  } finally {
    await database.drop();
  }
}
