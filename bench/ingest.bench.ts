import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { formatRatio, startProduct } from './support';

/**
 * Reports per second through POST /device-api/v1/reports (Basic auth, validation, one transaction
 * with the batched inserts, unit update, command hand-over, and whatever reports-stored listeners
 * the server registers), as a ratio to a bare batched INSERT of the same rows into the same
 * database in the same run. Each unit sends its batches one after the other, as a real unit does;
 * the units send side by side.
 */
const UNITS = 8;
const BATCHES_PER_UNIT = 25;
const BATCH_SIZE = 100;
const PORT = 3953;

type Row = {
  ReportTimestamp: string;
  Temperature: number;
  Humidity: number;
  Power: number;
  SignalStrength: number;
};

/** Batches of one unit: readings a minute apart, ending an hour ago. */
function makeBatches(unitIndex: number): Row[][] {
  const total = BATCHES_PER_UNIT * BATCH_SIZE;
  const start = Date.now() - 3_600_000 - total * 60_000;
  return Array.from({ length: BATCHES_PER_UNIT }, (_, b) =>
    Array.from({ length: BATCH_SIZE }, (_, i) => {
      const n = b * BATCH_SIZE + i;
      return {
        ReportTimestamp: new Date(start + n * 60_000).toISOString(),
        Temperature: 60 + ((n + unitIndex) % 200) / 10,
        Humidity: 30 + (n % 40),
        Power: 1,
        SignalStrength: 10 + (n % 20),
      };
    }),
  );
}

type Unit = { Id: number; IMEI: string; DeviceKey: string };

/** Makes units through the operator's command, as `npm run admin -- provision-devices` does. */
async function provisionUnits(dataDir: string, count: number): Promise<Unit[]> {
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'provision-devices',
      '--type',
      '4',
      '--count',
      String(count),
      '--json',
    ],
    {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '' },
    },
  );
  return JSON.parse(stdout.slice(stdout.indexOf('['))) as Unit[];
}

/** One bare statement runner on the same database: PGlite on the data folder, or a pg pool. */
async function openBare(dataDir: string): Promise<{
  query: (text: string, values: unknown[]) => Promise<number>;
  close: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (text, values) => (await pool.query(text, values)).rowCount ?? 0,
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create(dataDir);
  return {
    query: async (text, values) => (await db.query(text, values)).affectedRows ?? 0,
    close: () => db.close(),
  };
}

/** Sends every unit's batches through the endpoint; answers reports stored per second. */
async function runIngest(url: string, units: Unit[]): Promise<number> {
  const started = performance.now();
  let stored = 0;
  await Promise.all(
    units.map(async (unit, index) => {
      const authorization = `Basic ${Buffer.from(`${unit.IMEI}:${unit.DeviceKey}`).toString('base64')}`;
      for (const batch of makeBatches(index)) {
        const response = await fetch(`${url}/device-api/v1/reports`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ Reports: batch }),
        });
        if (!response.ok)
          throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
        const { Accepted } = (await response.json()) as { Accepted: number };
        stored += Accepted;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (stored !== UNITS * BATCHES_PER_UNIT * BATCH_SIZE)
    throw new Error(`expected every report stored, got ${stored}`);
  return stored / seconds;
}

const BARE_INSERT = `
  INSERT INTO device_reports
    (device_id, report_timestamp, temperature, humidity, power, signal_strength)
  SELECT $1::integer, * FROM unnest($2::timestamptz[], $3::real[], $4::real[], $5::smallint[], $6::smallint[])
  ON CONFLICT DO NOTHING`;

/** The same rows straight into the table: one batched INSERT per batch, no HTTP, no checks. */
async function runBareInsert(
  bare: Awaited<ReturnType<typeof openBare>>,
  units: Unit[],
): Promise<number> {
  const started = performance.now();
  let stored = 0;
  await Promise.all(
    units.map(async (unit, index) => {
      for (const batch of makeBatches(index)) {
        const inserted = await bare.query(BARE_INSERT, [
          unit.Id,
          batch.map((r) => r.ReportTimestamp),
          batch.map((r) => r.Temperature),
          batch.map((r) => r.Humidity),
          batch.map((r) => r.Power),
          batch.map((r) => r.SignalStrength),
        ]);
        stored += inserted; // after the await: `stored += await …` would lose concurrent additions
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (stored !== UNITS * BATCHES_PER_UNIT * BATCH_SIZE)
    throw new Error(`expected every row inserted, got ${stored}`);
  return stored / seconds;
}

export async function benchIngest(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-ingest-'));
  // Units for both runs are made first: the embedded database admits one process at a time.
  const [warmUnit, ...units] = await provisionUnits(dataDir, 1 + 2 * UNITS);
  const ingestUnits = units.slice(0, UNITS);
  const bareUnits = units.slice(UNITS);

  const product = await startProduct(PORT, { dataDir });
  let ingestRate: number;
  try {
    await runIngest(product.url, [warmUnit!]).catch(() => undefined); // warm-up: fails the count check
    ingestRate = await runIngest(product.url, ingestUnits);
  } finally {
    product.stop();
  }
  // The server removes its lock on the data folder (monitor.lock) once it has closed the database.
  for (let waited = 0; existsSync(join(dataDir, 'monitor.lock')); waited += 200) {
    if (waited > 30_000) throw new Error('the server did not release the data folder');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const bare = await openBare(dataDir);
  let bareRate: number;
  try {
    bareRate = await runBareInsert(bare, bareUnits);
  } finally {
    await bare.close();
  }

  console.log(
    `POST /device-api/v1/reports vs bare batched INSERT, same rows and database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}), ${UNITS} units × ${BATCHES_PER_UNIT} batches of ${BATCH_SIZE}`,
  );
  console.log(`  bare INSERT: ${bareRate.toFixed(0)} reports/s`);
  console.log(`  endpoint:    ${ingestRate.toFixed(0)} reports/s`);
  console.log(`  ratio endpoint/bare: ${formatRatio(ingestRate / bareRate)}`);
}
