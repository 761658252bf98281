import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  deviceAuthorization,
  formatRatio,
  freshDatabase,
  provisionUnits,
  registerOwner,
  startProduct,
  type ProvisionedUnit,
} from './support';

/**
 * Reports per second through POST /device-api/v1/reports (Basic auth, validation, the one
 * ingest statement, then the reports-stored listeners the server registers: alarm evaluation
 * and the live channel), as a ratio to a bare batched INSERT of the same rows into the same
 * database in the same run. Each unit sends its batches one after the other, as a real unit
 * does; the units send side by side.
 *
 * Alarm evaluation is on for real: the units are registered to an owner through the product's
 * own calls, so each has the default alarm points and e-mail notifications, and the readings
 * are recent (not back-fill, which moves alarm state but sends nothing). They are mostly in
 * range; twice per unit the temperature leaves the range for a few readings, which opens an
 * alarm event with its deliveries and then closes it with an all-clear.
 */
const UNITS = 8;
const BATCHES_PER_UNIT = 25;
const BATCH_SIZE = 100;
const PORT = 3953;
/** Readings a second apart, so a unit's whole run lies within the last hour (fresh, not back-fill). */
const READING_INTERVAL_MS = 1000;
/** Readings out of range per excursion, and where in a unit's run the excursions start. */
const EXCURSION_LENGTH = 3;
const EXCURSIONS_AT = [700, 1900];

type Row = {
  ReportTimestamp: string;
  Temperature: number;
  Humidity: number;
  Power: number;
  SignalStrength: number;
};

const isExcursion = (n: number) =>
  EXCURSIONS_AT.some((start) => n >= start && n < start + EXCURSION_LENGTH);

/** Batches of one unit, ending a minute before `end`: in range (40–85 °F, 10–70 %) but for the excursions. */
function makeBatches(unitIndex: number, end: number): Row[][] {
  const total = BATCHES_PER_UNIT * BATCH_SIZE;
  const start = end - 60_000 - total * READING_INTERVAL_MS;
  return Array.from({ length: BATCHES_PER_UNIT }, (_, b) =>
    Array.from({ length: BATCH_SIZE }, (_, i) => {
      const n = b * BATCH_SIZE + i;
      return {
        ReportTimestamp: new Date(start + n * READING_INTERVAL_MS).toISOString(),
        Temperature: isExcursion(n) ? 96.5 : 60 + ((n + unitIndex) % 200) / 10,
        Humidity: 30 + (n % 40),
        Power: 1,
        SignalStrength: 10 + (n % 20),
      };
    }),
  );
}

/** One bare statement runner on the same database: PGlite on the data folder, or a pg pool. */
async function openBare({
  dataDir,
  databaseUrl: url,
}: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<{
  query: (text: string, values: unknown[]) => Promise<number>;
  count: (text: string) => Promise<number>;
  close: () => Promise<void>;
}> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // The run's database is dropped WITH (FORCE) at the end: a connection it ends is no failure.
    pool.on('error', () => undefined);
    return {
      query: async (text, values) => (await pool.query(text, values)).rowCount ?? 0,
      count: async (text) => Number((await pool.query<{ n: string }>(text)).rows[0]?.n),
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create(dataDir);
  return {
    query: async (text, values) => (await db.query(text, values)).affectedRows ?? 0,
    count: async (text) => Number((await db.query<{ n: string }>(text)).rows[0]?.n),
    close: () => db.close(),
  };
}

/** Sends every unit's batches through the endpoint; answers reports stored per second. */
/** One POST on a kept-alive connection; answers the status and body. */
function postBatch(
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

/**
 * Sends every unit's batches through the endpoint; answers reports stored per second. The load
 * generator shares the server's cores, so it is kept light: bodies are serialised before the
 * clock starts and sent with node:http on kept-alive connections (fetch cost about 3 ms of CPU
 * per batch here, as much as the server's own work).
 */
async function runIngest(url: string, units: ProvisionedUnit[], end: number): Promise<number> {
  const bodies = units.map((_, index) =>
    makeBatches(index, end).map((batch) => Buffer.from(JSON.stringify({ Reports: batch }))),
  );
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(url);
  const started = performance.now();
  let stored = 0;
  try {
    await Promise.all(
      units.map(async (unit, index) => {
        const authorization = deviceAuthorization(unit);
        for (const body of bodies[index]!) {
          const response = await postBatch(agent, target, authorization, body);
          if (response.status !== 200)
            throw new Error(`ingest failed: ${response.status} ${response.text}`);
          stored += (JSON.parse(response.text) as { Accepted: number }).Accepted;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
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
  units: ProvisionedUnit[],
  end: number,
): Promise<number> {
  // As for the endpoint, the rows are made before the clock starts.
  const batches = units.map((unit, index) =>
    makeBatches(index, end).map((batch) => [
      unit.Id,
      batch.map((r) => r.ReportTimestamp),
      batch.map((r) => r.Temperature),
      batch.map((r) => r.Humidity),
      batch.map((r) => r.Power),
      batch.map((r) => r.SignalStrength),
    ]),
  );
  const started = performance.now();
  let stored = 0;
  await Promise.all(
    batches.map(async (unitBatches) => {
      for (const values of unitBatches) {
        const inserted = await bare.query(BARE_INSERT, values);
        stored += inserted; // after the await: `stored += await …` would lose concurrent additions
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (stored !== UNITS * BATCHES_PER_UNIT * BATCH_SIZE)
    throw new Error(`expected every row inserted, got ${stored}`);
  return stored / seconds;
}

/** Alarm events and deliveries the run made: evidence that alarm evaluation was on. */
async function countAlarmWork(bare: Awaited<ReturnType<typeof openBare>>): Promise<string> {
  const events = await bare.count('SELECT count(*) AS n FROM alarm_events');
  const deliveries = await bare.count(
    'SELECT count(*) AS n FROM deliveries WHERE alarm_event_id IS NOT NULL',
  );
  return `${events} alarm events, ${deliveries} deliveries`;
}

export async function benchIngest(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-ingest-'));
  const database = await freshDatabase();
  const where = { dataDir, databaseUrl: database.url };
  try {
    // Units for both runs are made first: the embedded database admits one process at a time.
    const [warmUnit, ...units] = await provisionUnits(where, 1 + 2 * UNITS);
    const ingestUnits = units.slice(0, UNITS);
    const bareUnits = units.slice(UNITS);
    // Both runs send rows with the same times, ending now: recent readings, not back-fill.
    const end = Date.now();

    const product = await startProduct(PORT, where);
    let ingestRate: number;
    try {
      await registerOwner(product.url, [warmUnit!, ...ingestUnits]);
      await runIngest(product.url, [warmUnit!], end).catch(() => undefined); // warm-up: fails the count check
      ingestRate = await runIngest(product.url, ingestUnits, end);
    } finally {
      product.stop();
    }
    await product.stopped;
    // The server removes its lock on the data folder (monitor.lock) once it has closed the
    // database, after the job queue's graceful stop (up to 30 s for deliveries in flight).
    for (let waited = 0; existsSync(join(dataDir, 'monitor.lock')); waited += 200) {
      if (waited > 120_000) throw new Error('the server did not release the data folder');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const bare = await openBare(where);
    let bareRate: number;
    let alarmWork: string;
    try {
      alarmWork = await countAlarmWork(bare);
      bareRate = await runBareInsert(bare, bareUnits, end);
    } finally {
      await bare.close();
    }

    console.log(
      `POST /device-api/v1/reports vs bare batched INSERT, same rows and database (${database.url ? 'PostgreSQL' : 'embedded'}), ${UNITS} units × ${BATCHES_PER_UNIT} batches of ${BATCH_SIZE}, alarm evaluation on (${alarmWork})`,
    );
    console.log(`  bare INSERT: ${bareRate.toFixed(0)} reports/s`);
    console.log(`  endpoint:    ${ingestRate.toFixed(0)} reports/s`);
    console.log(`  ratio endpoint/bare: ${formatRatio(ingestRate / bareRate)}`);
  } finally {
    await database.drop();
  }
}
