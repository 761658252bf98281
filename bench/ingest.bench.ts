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
 * database. Each unit sends its batches one after the other, as a real unit does; the units send
 * side by side.
 *
 * Alarm evaluation does its real work (issue #23): the units were registered through the
 * product's own calls (default alarm points and e-mail notifications), and their registration is
 * then dated three days back, as a fleet in service is, so every reading is the owner's. The
 * readings are a minute apart over the last 40 hours, in two scenarios measured one after the
 * other: a fleet in good order (every reading in range, batches in order), and one in trouble
 * (every 97 readings the temperature leaves the range for three, a spell with its message, and a
 * third of each unit's batches arrive after the batch that follows them, as from a unit that kept
 * its readings while it could not report, which the engine walks again from the stored readings
 * before them). Each run checks that every excursion became exactly one alarm event, those in
 * late batches included, and that a fleet in good order made none.
 *
 * The two sides alternate in rounds, each round warmed first with batches of a unit of its own
 * that is not counted; on the embedded database, which admits one process, the product is
 * restarted for each of its rounds and the bare side opens the data folder for each of its own.
 */
const UNITS = 8;
const BATCHES_PER_UNIT = 24;
const BATCH_SIZE = 100;
const ROUNDS = 4;
const PORT = 3953;
const READING_INTERVAL_MS = 60_000;
/** Every EXCURSION_EVERY readings, EXCURSION_LENGTH of them are out of the default 40–85 °F range. */
const EXCURSION_EVERY = 97;
const EXCURSION_LENGTH = 3;
/** Batch pairs (2k, 2k+1) with k a multiple of this arrive newest first. */
const LATE_PAIR_EVERY = 3;

type Row = {
  ReportTimestamp: string;
  Temperature: number;
  Humidity: number;
  Power: number;
  SignalStrength: number;
};

const isExcursion = (n: number) =>
  n % EXCURSION_EVERY >= 40 && n % EXCURSION_EVERY < 40 + EXCURSION_LENGTH;
const EXCURSIONS_PER_UNIT = Array.from(
  { length: BATCHES_PER_UNIT * BATCH_SIZE },
  (_, n) => n % EXCURSION_EVERY === 40,
).filter(Boolean).length;

/** What a run's readings are like: a fleet in good order, or one with trouble to evaluate. */
type Scenario = { name: string; excursions: boolean; late: boolean };
const SCENARIOS: Scenario[] = [
  { name: 'in range, in order', excursions: false, late: false },
  {
    name: 'an excursion every 97 readings, a third of the batches late',
    excursions: true,
    late: true,
  },
];

/**
 * One unit's batches in the order it sends them, ending a minute before `end`: in range (60–80 °F,
 * 10–70 %) but for the scenario's excursions; with late batches some pairs are swapped, so the
 * older batch of the pair is late.
 */
function makeBatches(unitIndex: number, end: number, scenario: Scenario): Row[][] {
  const total = BATCHES_PER_UNIT * BATCH_SIZE;
  const start = end - 60_000 - total * READING_INTERVAL_MS;
  const batches = Array.from({ length: BATCHES_PER_UNIT }, (_, b) =>
    Array.from({ length: BATCH_SIZE }, (_, i) => {
      const n = b * BATCH_SIZE + i;
      return {
        ReportTimestamp: new Date(start + n * READING_INTERVAL_MS).toISOString(),
        Temperature:
          scenario.excursions && isExcursion(n) ? 96.5 : 60 + ((n + unitIndex) % 200) / 10,
        Humidity: 30 + (n % 40),
        Power: 1,
        SignalStrength: 10 + (n % 20),
      };
    }),
  );
  if (scenario.late)
    for (let k = 0; 2 * k + 1 < batches.length; k += LATE_PAIR_EVERY)
      [batches[2 * k], batches[2 * k + 1]] = [batches[2 * k + 1]!, batches[2 * k]!];
  return batches;
}

/** Round `round`'s share of a unit's batches. */
const roundOf = <T>(batches: T[], round: number) => {
  const size = Math.ceil(batches.length / ROUNDS);
  return batches.slice(round * size, (round + 1) * size);
};

/** One bare statement runner on the same database: PGlite on the data folder, or a pg pool. */
type Bare = Awaited<ReturnType<typeof openBare>>;

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

/** A side's timed work so far: rows stored and seconds spent. */
type Tally = { stored: number; seconds: number };

/**
 * Sends each unit's batches through the endpoint, the units side by side; answers what it stored
 * and how long it took. The load generator shares the server's cores, so it is kept light: bodies
 * are serialised before the clock starts and sent with node:http on kept-alive connections
 * (fetch cost about 3 ms of CPU per batch here, as much as the server's own work).
 */
async function runIngest(
  url: string,
  units: readonly ProvisionedUnit[],
  batches: readonly Row[][][],
): Promise<Tally> {
  const bodies = batches.map((unitBatches) =>
    unitBatches.map((batch) => Buffer.from(JSON.stringify({ Reports: batch }))),
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
  return { stored, seconds: (performance.now() - started) / 1000 };
}

const BARE_INSERT = `
  INSERT INTO device_reports
    (device_id, report_timestamp, temperature, humidity, power, signal_strength)
  SELECT $1::integer, * FROM unnest($2::timestamptz[], $3::real[], $4::real[], $5::smallint[], $6::smallint[])
  ON CONFLICT DO NOTHING`;

/** The same rows straight into the table: one batched INSERT per batch, no HTTP, no checks. */
async function runBareInsert(
  bare: Bare,
  units: readonly ProvisionedUnit[],
  batches: readonly Row[][][],
): Promise<Tally> {
  // As for the endpoint, the rows are made before the clock starts.
  const values = units.map((unit, index) =>
    batches[index]!.map((batch) => [
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
    values.map(async (unitBatches) => {
      for (const batch of unitBatches) {
        const inserted = await bare.query(BARE_INSERT, batch);
        stored += inserted; // after the await: `stored += await …` would lose concurrent additions
      }
    }),
  );
  return { stored, seconds: (performance.now() - started) / 1000 };
}

/**
 * Dates the owner's registration three days back (and the units' provisioning four), as a fleet
 * in service is: every reading of the run is then the owner's (decision 017) and not refused.
 */
async function dateRegistrationBack(bare: Bare, deviceIds: readonly number[]): Promise<void> {
  await bare.query(
    `UPDATE devices SET provisioned_at = now() - interval '4 days' WHERE id = ANY($1::integer[])`,
    [deviceIds],
  );
  await bare.query(
    `UPDATE user_devices SET visible_from = now() - interval '3 days'
     WHERE device_id = ANY($1::integer[])`,
    [deviceIds],
  );
}

/** Alarm events and deliveries the run made for `units`: evidence that alarm evaluation was on. */
async function countAlarmWork(
  bare: Bare,
  units: readonly ProvisionedUnit[],
): Promise<{ events: number; late: number; deliveries: number }> {
  const ids = units.map((u) => u.Id).join(',');
  const events = await bare.count(
    `SELECT count(*) AS n FROM alarm_events e JOIN user_devices ud ON ud.id = e.user_device_id
     WHERE ud.device_id IN (${ids}) AND e.alarm_type = 'TEMP'`,
  );
  const late = await bare.count(
    `SELECT count(*) AS n FROM deliveries d JOIN alarm_events e ON e.id = d.alarm_event_id
     JOIN user_devices ud ON ud.id = e.user_device_id
     WHERE ud.device_id IN (${ids}) AND d.kind = 'alarm-late'`,
  );
  const deliveries = await bare.count(
    `SELECT count(*) AS n FROM deliveries d JOIN alarm_events e ON e.id = d.alarm_event_id
     JOIN user_devices ud ON ud.id = e.user_device_id WHERE ud.device_id IN (${ids})`,
  );
  return { events, late, deliveries };
}

/**
 * The product on the run's database, and a way to reach the same database bare: both at once on
 * PostgreSQL; on the embedded database one at a time, the product restarted for its turns.
 */
function sides(where: { dataDir: string; databaseUrl?: string }) {
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  let bare: Bare | undefined;
  const isEmbedded = !where.databaseUrl;
  const stopProduct = async () => {
    if (!product) return;
    product.stop();
    await product.stopped;
    product = undefined;
    // The server removes its lock on the data folder (monitor.lock) once it has closed the
    // database, after the job queue's graceful stop (up to 30 s for deliveries in flight).
    for (let waited = 0; existsSync(join(where.dataDir, 'monitor.lock')); waited += 200) {
      if (waited > 120_000) throw new Error('the server did not release the data folder');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const closeBare = async () => {
    await bare?.close();
    bare = undefined;
  };
  return {
    product: async () => {
      if (isEmbedded) await closeBare();
      product ??= await startProduct(PORT, where);
      return product;
    },
    bare: async () => {
      if (isEmbedded) await stopProduct();
      bare ??= await openBare(where);
      return bare;
    },
    close: async () => {
      await stopProduct();
      await closeBare();
    },
  };
}

/**
 * One scenario: its own units on each side (and a warm-up unit each), registered to the owner and
 * dated back; the two sides alternate in rounds. Answers both tallies and the alarm work done.
 */
async function measure(
  run: ReturnType<typeof sides>,
  where: { dataDir: string; databaseUrl?: string },
  scenario: Scenario,
) {
  // Units for both sides are made first, by the operator's command in a process of its own: on
  // the embedded database, which admits one process at a time, neither side holds the folder then.
  await run.close();
  const all = await provisionUnits(where, 2 * (1 + UNITS));
  const [warmIngest, ...ingestUnits] = all.slice(0, 1 + UNITS);
  const [warmBare, ...bareUnits] = all.slice(1 + UNITS);
  await registerOwner((await run.product()).url, [warmIngest!, ...ingestUnits]);
  await dateRegistrationBack(
    await run.bare(),
    all.map((u) => u.Id),
  );
  // Both sides send rows with the same times, ending a minute ago.
  const end = Date.now();
  const batchesOf = (units: readonly ProvisionedUnit[]) =>
    units.map((_, index) => makeBatches(index, end, scenario));
  const [ingestBatches, bareBatches] = [batchesOf(ingestUnits), batchesOf(bareUnits)];
  // A warm-up unit sends a round's share before each timed round of its side, not counted.
  const warmBatches = makeBatches(UNITS, end, scenario);
  const ingest: Tally = { stored: 0, seconds: 0 };
  const bare: Tally = { stored: 0, seconds: 0 };
  const add = (tally: Tally, more: Tally) => {
    tally.stored += more.stored;
    tally.seconds += more.seconds;
  };
  const ingestRound = async (round: number) => {
    const { url } = await run.product();
    await runIngest(url, [warmIngest!], [roundOf(warmBatches, round)]);
    add(
      ingest,
      await runIngest(
        url,
        ingestUnits,
        ingestBatches.map((b) => roundOf(b, round)),
      ),
    );
  };
  const bareRound = async (round: number) => {
    const database = await run.bare();
    await runBareInsert(database, [warmBare!], [roundOf(warmBatches, round)]);
    add(
      bare,
      await runBareInsert(
        database,
        bareUnits,
        bareBatches.map((b) => roundOf(b, round)),
      ),
    );
  };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternated, and which goes first alternates too.
    if (round % 2 === 0) {
      await ingestRound(round);
      await bareRound(round);
    } else {
      await bareRound(round);
      await ingestRound(round);
    }
  }
  const rows = UNITS * BATCHES_PER_UNIT * BATCH_SIZE;
  if (ingest.stored !== rows || bare.stored !== rows)
    throw new Error(`expected ${rows} rows each, got ${ingest.stored} and ${bare.stored}`);
  // The evaluation really ran: every excursion is one alarm event (none in a fleet in good
  // order), and late batches sent their "while the unit could not report" messages.
  const work = await countAlarmWork(await run.bare(), ingestUnits);
  const expected = scenario.excursions ? UNITS * EXCURSIONS_PER_UNIT : 0;
  if (work.events !== expected || (scenario.late && work.late === 0))
    throw new Error(
      `${scenario.name}: expected ${expected} alarm events, got ${work.events} (${work.late} late messages)`,
    );
  return { ingest, bare, work };
}

export async function benchIngest(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-ingest-'));
  const database = await freshDatabase();
  const where = { dataDir, databaseUrl: database.url };
  const run = sides(where);
  try {
    console.log(
      `POST /device-api/v1/reports vs bare batched INSERT, same rows and database (${database.url ? 'PostgreSQL' : 'embedded'}), ${UNITS} units × ${BATCHES_PER_UNIT} batches of ${BATCH_SIZE} a side in ${ROUNDS} alternating warmed rounds, alarm evaluation on (the owner's default points and e-mail notifications):`,
    );
    for (const scenario of SCENARIOS) {
      const { ingest, bare, work } = await measure(run, where, scenario);
      const ingestRate = ingest.stored / ingest.seconds;
      const bareRate = bare.stored / bare.seconds;
      console.log(
        `  ${scenario.name}: ${work.events} alarm events, ${work.deliveries} deliveries (${work.late} "while the unit could not report")`,
      );
      console.log(
        `    bare INSERT ${bareRate.toFixed(0)} reports/s, endpoint ${ingestRate.toFixed(0)} reports/s, ratio endpoint/bare: ${formatRatio(ingestRate / bareRate)}`,
      );
    }
  } finally {
    await run.close();
    await database.drop();
  }
}
