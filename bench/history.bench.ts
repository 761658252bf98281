import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  callJson,
  formatRatio,
  freshDatabase,
  percentile,
  provisionUnits,
  registerOwner,
  startProduct,
  type Owner,
} from './support';

/**
 * A year of 5-minute readings (105,120) of one unit, asked for whole:
 * - the report summary call (GET /api/reportsummary/devices/{id}, a year's graph) p50, as a ratio
 *   to the bare SQL that reads the same rows from the same database in the same run;
 * - the year's CSV (POST …/generatefile): rows per second, and how much the server's resident
 *   memory grew while it wrote it (the rows are streamed, so it should not grow with the year).
 * On the embedded database one process at a time may open the data folder, so the bare reads
 * run between two runs of the product, on the same folder.
 */
const PORT = 3957;
const READINGS = 365 * 288;
const STEP_MS = 5 * 60 * 1000;
const ROUNDS = 15;

type Bare = {
  query: (text: string, values: unknown[]) => Promise<number>;
  close: () => Promise<void>;
};

async function openBare({
  dataDir,
  databaseUrl,
}: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<Bare> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', () => undefined);
    return {
      query: async (text, values) => (await pool.query(text, values)).rowCount ?? 0,
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create(dataDir);
  return {
    query: async (text, values) => (await db.query(text, values)).rows.length,
    close: () => db.close(),
  };
}

async function waitForDataFolder(dataDir: string): Promise<void> {
  for (let waited = 0; existsSync(join(dataDir, 'monitor.lock')); waited += 200) {
    if (waited > 120_000) throw new Error('the server did not release the data folder');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A year of readings ending now, in range but for a warm spell each week, the power off now and then. */
async function seedYear(bare: Bare, unitId: number, userDeviceId: number, end: number) {
  const start = end - READINGS * STEP_MS;
  for (let offset = 0; offset < READINGS; offset += 20_000) {
    const count = Math.min(20_000, READINGS - offset);
    const times: string[] = [];
    const temperatures: number[] = [];
    const humidities: number[] = [];
    const powers: number[] = [];
    for (let i = offset; i < offset + count; i += 1) {
      times.push(new Date(start + i * STEP_MS).toISOString());
      const day = (i % 288) / 288;
      temperatures.push(62 + 8 * Math.sin(2 * Math.PI * day) + (i % 2016 < 24 ? 30 : 0));
      humidities.push(45 + 15 * Math.cos(2 * Math.PI * day));
      powers.push(i % 5000 < 12 ? 0 : 1);
    }
    await bare.query(
      `INSERT INTO device_reports (device_id, report_timestamp, temperature, humidity, power, signal_strength)
       SELECT $1::integer, t, temp, hum, pow, 20
       FROM unnest($2::timestamptz[], $3::real[], $4::real[], $5::smallint[]) AS r(t, temp, hum, pow)
       ON CONFLICT DO NOTHING`,
      [unitId, times, temperatures, humidities, powers],
    );
  }
  // The owner registered today; a year of history is theirs only if they have owned the unit
  // that long (decision 017: a row sees readings from its visible_from on).
  await bare.query('UPDATE user_devices SET visible_from = $2 WHERE id = $1', [
    userDeviceId,
    new Date(start - STEP_MS).toISOString(),
  ]);
}

const BARE_READ = `
  SELECT report_timestamp, temperature, humidity, power FROM device_reports
  WHERE device_id = $1 AND report_timestamp >= $2 AND report_timestamp < $3
  ORDER BY report_timestamp`;

async function timeRounds(run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm-up
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** Resident memory of the server process, and its peak so far (kB): the node child of `npm run serve`. */
function serverMemory(port: number): { rss: number; peak: number } {
  const pid = execFileSync('sh', ['-c', `ss -ltnpH 'sport = :${port}' | grep -o 'pid=[0-9]*'`])
    .toString()
    .trim()
    .split('\n')[0]!
    .slice(4);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export async function benchHistory(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-history-'));
  const database = await freshDatabase();
  const where = { dataDir, databaseUrl: database.url };
  try {
    const [unit] = await provisionUnits(where, 1);
    const end = Date.now();
    const from = Math.floor((end - READINGS * STEP_MS) / 1000);
    const to = Math.ceil(end / 1000);

    let owner: Owner & { userDeviceIds: number[] };
    {
      const product = await startProduct(PORT, where);
      try {
        owner = await registerOwner(product.url, [unit!]);
      } finally {
        product.stop();
      }
      await product.stopped;
      await waitForDataFolder(dataDir);
    }
    const userDeviceId = owner.userDeviceIds[0]!;

    const bare = await openBare(where);
    let bareTimes: number[];
    try {
      await seedYear(bare, unit!.Id, userDeviceId, end);
      const bounds = [
        unit!.Id,
        new Date(from * 1000).toISOString(),
        new Date(to * 1000).toISOString(),
      ];
      bareTimes = await timeRounds(async () => {
        const rows = await bare.query(BARE_READ, bounds);
        if (rows < READINGS) throw new Error(`bare read found ${rows} rows`);
      });
    } finally {
      await bare.close();
    }

    const product = await startProduct(PORT, where);
    try {
      const query = `from=${from}&to=${to}&tempPref=F&timeZone=-5&userId=${owner.userId}`;
      let points = 0;
      const summaryTimes = await timeRounds(async () => {
        const summary = await callJson<{ tempData: unknown[] }>(
          `${product.url}/api/reportsummary/devices/${userDeviceId}?${query}`,
          { token: owner.token },
        );
        points = summary.tempData.length;
      });

      const before = serverMemory(PORT);
      const started = performance.now();
      const file = await callJson<{ RowCount: number; Url: string }>(
        `${product.url}/api/reportlog/devices/${userDeviceId}/generatefile?${query}`,
        { method: 'POST', token: owner.token, body: {} },
      );
      const seconds = (performance.now() - started) / 1000;
      const after = serverMemory(PORT);
      const csv = await fetch(new URL(file.Url, product.url));
      const bytes = (await csv.arrayBuffer()).byteLength;

      const bareP50 = percentile(bareTimes, 50);
      const callP50 = percentile(summaryTimes, 50);
      console.log(
        `History of a year (${READINGS} readings of one unit, ${database.url ? 'PostgreSQL' : 'embedded'}), ${ROUNDS} rounds each`,
      );
      console.log(`  bare SQL read of the year's rows: p50 ${bareP50.toFixed(1)} ms`);
      console.log(
        `  GET /api/reportsummary (year, ${points} temperature points): p50 ${callP50.toFixed(1)} ms, p99 ${percentile(summaryTimes, 99).toFixed(1)} ms`,
      );
      console.log(`  ratio summary/bare: ${formatRatio(callP50 / bareP50)}`);
      console.log(
        `  CSV of the year: ${file.RowCount} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${(file.RowCount / seconds).toFixed(0)} rows/s; server memory ${(before.rss / 1024).toFixed(0)} MB before, peak ${(after.peak / 1024).toFixed(0)} MB (peak before ${(before.peak / 1024).toFixed(0)} MB)`,
      );
    } finally {
      product.stop();
      await product.stopped;
    }
  } finally {
    await database.drop();
  }
}
