import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { insertTarget } from '../apps/server/src/modules/telemetry/reading-months';
import {
  callJson,
  deviceAuthorization,
  formatRatio,
  freshDatabase,
  percentile,
  provisionUnits,
  registerOwner,
  startProduct,
  type Owner,
  type ProvisionedUnit,
  postReports,
} from './support';

/**
 * The readings tables partitioned by month (migration 035, decision 074) against the one table
 * they were before, each holding the same ~50 million unit readings (two years of 5-minute
 * readings of ~240 units, made by generate_series in the order units report them: time by time,
 * every unit's reading of one instant beside the others'). Two databases, one per layout, each
 * with the real product running on it, side by side:
 * - the year summary (GET /api/reportsummary/devices/{id}, a year of one unit: 105,120 readings),
 *   p50 and p95 of the rounds, as a ratio partitioned / one table; each answer is checked to
 *   count the unit's readings of the year, and both layouts must answer the same;
 * - ingest through POST /device-api/v1/reports (8 units side by side, batches of 100 readings
 *   5 s apart, dated in the last three days), reports per second, partitioned / one table, over
 *   the whole and by round; and a bare batched INSERT of the same kind of rows into each table,
 *   by the month's name as ingest writes them, to see the table's own cost without HTTP. Every reading sent must be stored, and the rows are
 *   counted after.
 * The layouts alternate in rounds (which goes first alternates too), each warmed first.
 *
 * BENCH_READINGS_ROWS sets the count (default 50 million on PostgreSQL; 2 million on the embedded
 * database, where each layout is a data folder of its own and PGlite builds the rows in the
 * bench's process). BENCH_READINGS_MIGRATE=1 then times migrations 035 and 036 on the one-table
 * database (the upgrade an operator runs) and asks the year summary of the migrated database, its
 * history copied unit by unit (a unit's year ~1,100 pages rather than ~100,000), against the
 * partitioned one whose rows went in as units report them.
 */
const PORTS = { partitioned: 3961, table: 3962 } as const;
const STEP_MS = 5 * 60_000;
const READINGS_PER_UNIT = 2 * 365 * 288;
const YEAR_READINGS = 365 * 288;
const ROUNDS = 4;
/**
 * A round of ingest takes about a quarter of a second a layout, so it runs many more rounds than
 * the summary: with 12 the endpoint's ratio went 0.96–1.00× by median between runs, each round's
 * 0.80–1.19×. Each round's ratio is printed too.
 */
const INGEST_ROUNDS = 48;
/** Readings of a round's batches this far apart: the rounds' stretches fit in the last three days. */
const INGEST_STEP_MS = 5_000;
const SUMMARY_CALLS_PER_ROUND = 5;
const INGEST_UNITS = 8;
const BATCHES_PER_ROUND = 10;
const BATCH_SIZE = 100;

type Layout = keyof typeof PORTS;
const LAYOUTS: readonly Layout[] = ['partitioned', 'table'];

type Bare = {
  query: <R = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>;
  /** One statement; answers the rows it wrote. */
  write: (text: string, values?: unknown[]) => Promise<number>;
  /** Statements without parameters, several at once, VACUUM among them. */
  run: (text: string) => Promise<void>;
  close: () => Promise<void>;
};

async function openBare({ dataDir, databaseUrl }: Where): Promise<Bare> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // The run's databases are dropped WITH (FORCE) at the end: a connection ended is no failure.
    pool.on('error', () => undefined);
    return {
      query: async <R>(text: string, values: unknown[] = []) =>
        (await pool.query(text, values)).rows as R[],
      write: async (text, values = []) => (await pool.query(text, values)).rowCount ?? 0,
      run: async (text) => void (await pool.query(text)),
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create(dataDir);
  return {
    query: async <R>(text: string, values: unknown[] = []) =>
      (await db.query<R>(text, values)).rows,
    write: async (text, values = []) => (await db.query(text, values)).affectedRows ?? 0,
    run: async (text) => void (await db.exec(text)),
    close: () => db.close(),
  };
}

type Where = { dataDir: string; databaseUrl?: string };

async function waitForDataFolder(dataDir: string): Promise<void> {
  for (let waited = 0; existsSync(join(dataDir, 'monitor.lock')); waited += 200) {
    if (waited > 120_000) throw new Error('the server did not release the data folder');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The product's readings table as it was before migration 035: one table; its keys below. */
const ONE_TABLE = `
  DROP TABLE device_reports CASCADE;
  CREATE TABLE device_reports (
    device_id integer NOT NULL,
    report_timestamp timestamptz NOT NULL,
    temperature real,
    humidity real,
    power smallint,
    signal_strength smallint,
    water smallint,
    motion smallint,
    received_at timestamptz NOT NULL DEFAULT now()
  )`;

/**
 * The keys, the same on both layouts: the product's primary key (the graph's values included,
 * migration 036), so the layouts differ by partitioning alone.
 */
const KEYS = `
  ALTER TABLE device_reports ADD CONSTRAINT device_reports_pkey
    PRIMARY KEY (device_id, report_timestamp) INCLUDE (temperature, humidity, power);
  ALTER TABLE device_reports ADD CONSTRAINT device_reports_device_id_fkey
    FOREIGN KEY (device_id) REFERENCES devices (id)`;

/**
 * A month's partition as the product names and bounds it (reading-months.ts). On the one table, a
 * view of that name over it: ingest writes a batch of one month into the month's partition by
 * name (decision 080), and the view takes those rows into the one table in that one statement, as
 * the product wrote them before.
 */
function monthPartition(layout: Layout, month: Date): string {
  const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  const name = `device_reports_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
  return layout === 'table'
    ? `CREATE VIEW ${name} AS SELECT * FROM device_reports`
    : `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF device_reports
    FOR VALUES FROM ('${month.toISOString()}') TO ('${next.toISOString()}')`;
}

/**
 * Two years of readings ending at `end` for `deviceIds`, in the order units report them (each
 * instant's readings of every unit together), a month at a time; the keys are dropped first and
 * built after, as a bulk load would. On the partitioned layout every month gets its partition
 * first, so no row goes to the default partition; on the one table, a view by that name.
 */
async function generateReadings(
  bare: Bare,
  layout: Layout,
  deviceIds: readonly number[],
  end: number,
): Promise<number> {
  const start = end - READINGS_PER_UNIT * STEP_MS;
  if (layout === 'table') {
    for (const statement of ONE_TABLE.split(';')) await bare.run(statement);
  } else {
    await bare.run('ALTER TABLE device_reports DROP CONSTRAINT device_reports_pkey');
    await bare.run('ALTER TABLE device_reports DROP CONSTRAINT device_reports_device_id_fkey');
  }
  let rows = 0;
  const first = new Date(start);
  for (
    let month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
    month.getTime() < end;
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
  ) {
    await bare.run(monthPartition(layout, month));
    const from = Math.max(start, month.getTime());
    const to = Math.min(end, Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    const instants = Math.ceil((to - from) / STEP_MS);
    // One series over (instant, unit), so the rows go in in its order: time-major, as units
    // report them.
    rows += await bare.write(
      `INSERT INTO device_reports
         (device_id, report_timestamp, temperature, humidity, power, signal_strength, received_at)
       SELECT ids[i % cardinality(ids) + 1], at, 62 + 8 * sin(i / 5000.0) + (i % 7), 45 + (i % 30),
         CASE WHEN i % 4999 = 0 THEN 0 ELSE 1 END, 10 + i % 20, at
       FROM (SELECT $1::integer[] AS ids) u,
         generate_series(0, $2::bigint * cardinality($1::integer[]) - 1) AS i,
         LATERAL (SELECT $3::timestamptz + (i / cardinality(ids)) * interval '5 minutes' AS at) t
       WHERE at < $4::timestamptz`,
      [deviceIds, instants, new Date(from).toISOString(), new Date(to).toISOString()],
    );
  }
  for (const statement of KEYS.split(';')) await bare.run(statement);
  // As autovacuum leaves a table in service: statistics, hint bits and the visibility map.
  await bare.run('VACUUM (ANALYZE) device_reports');
  return rows;
}

/** One layout's database and product, with the units its rounds use. */
type Side = {
  layout: Layout;
  where: Where;
  drop: () => Promise<void>;
  url: string;
  stop: () => Promise<void>;
  owner: Owner & { userDeviceIds: number[] };
  yearReadings: number;
  warmUnit: ProvisionedUnit;
  ingestUnits: ProvisionedUnit[];
  bareUnits: number[];
  tableSize: string;
  partitions: number;
};

/** A layout's database and data folder, with its readings and its product running. */
async function prepareSide(layout: Layout, totalRows: number, end: number): Promise<Side> {
  const database = await freshDatabase();
  const where: Where = {
    dataDir: mkdtempSync(join(tmpdir(), `monitor-bench-partitions-${layout}-`)),
    ...(database.url && { databaseUrl: database.url }),
  };
  const drop = async () => {
    await database.drop();
    rmSync(where.dataDir, { recursive: true, force: true });
  };
  try {
    return await fillSide(layout, where, drop, totalRows, end);
  } catch (error) {
    await drop();
    throw error;
  }
}

async function fillSide(
  layout: Layout,
  where: Where,
  drop: () => Promise<void>,
  totalRows: number,
  end: number,
): Promise<Side> {
  const [summaryUnit, warmUnit, ...others] = await provisionUnits(where, 2 + 2 * INGEST_UNITS);
  let product = await startProduct(PORTS[layout], where);
  const owner = await registerOwner(product.url, [summaryUnit!]);
  product.stop();
  await product.stopped;
  await waitForDataFolder(where.dataDir);

  const bare = await openBare(where);
  let yearReadings: number;
  let tableSize: string;
  let partitions: number;
  try {
    const fillers = Math.max(0, Math.ceil(totalRows / READINGS_PER_UNIT) - 1);
    const made = await bare.query<{ id: number }>(
      `INSERT INTO devices (imei, serial_number, device_type, tenant_id, device_key_hash)
       SELECT lpad((490000000000000 + n)::text, 15, '0'), 'F' || lpad(n::text, 5, '0'), 5, 2, 'x'
       FROM generate_series(1, $1::int) AS n RETURNING id`,
      [fillers],
    );
    const started = performance.now();
    const rows = await generateReadings(
      bare,
      layout,
      [summaryUnit!.Id, ...made.map(({ id }) => id)],
      end,
    );
    console.log(
      `  ${layout}: ${rows.toLocaleString('en-US')} readings made in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    // The units are in service: readings of the last days are theirs to send (decision 055).
    await bare.write(`UPDATE devices SET provisioned_at = now() - interval '30 days'`);
    // The owner has had the unit all along (decision 017: a row sees readings from visible_from).
    await bare.query('UPDATE user_devices SET visible_from = $2 WHERE id = $1', [
      owner.userDeviceIds[0],
      new Date(end - READINGS_PER_UNIT * STEP_MS - STEP_MS).toISOString(),
    ]);
    const [year] = await bare.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_reports
       WHERE device_id = $1 AND report_timestamp >= $2 AND report_timestamp < $3`,
      [
        summaryUnit!.Id,
        new Date(end - YEAR_READINGS * STEP_MS).toISOString(),
        new Date(end).toISOString(),
      ],
    );
    yearReadings = year!.n;
    const [size] = await bare.query<{ size: string; partitions: number }>(
      `SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS size,
         count(*) FILTER (WHERE c.relispartition)::int AS partitions
       FROM pg_class c
       WHERE c.relkind = 'r' AND (c.relname = 'device_reports' OR c.relname LIKE 'device_reports\\_%')`,
    );
    tableSize = size!.size;
    partitions = size!.partitions;
  } finally {
    await bare.close();
  }
  product = await startProduct(PORTS[layout], where);
  const running = product;
  return {
    layout,
    where,
    drop,
    url: running.url,
    stop: async () => {
      running.stop();
      await running.stopped;
    },
    owner,
    yearReadings,
    warmUnit: warmUnit!,
    ingestUnits: others.slice(0, INGEST_UNITS),
    bareUnits: others.slice(INGEST_UNITS).map(({ Id }) => Id),
    tableSize,
    partitions,
  };
}

type Summary = { tempData: unknown[]; stats: { temperature: { count: number } | null } };

/** The year's summary of the side's unit; answers the milliseconds and the answer. */
async function askYear(side: Side, end: number): Promise<{ ms: number; body: string }> {
  const from = Math.floor((end - YEAR_READINGS * STEP_MS) / 1000);
  const query = `from=${from}&to=${Math.floor(end / 1000)}&tempPref=F&timeZone=-5&userId=${side.owner.userId}`;
  const started = performance.now();
  const summary = await callJson<Summary>(
    `${side.url}/api/reportsummary/devices/${side.owner.userDeviceIds[0]}?${query}`,
    { token: side.owner.token },
  );
  const ms = performance.now() - started;
  const counted = summary.stats.temperature?.count;
  if (counted !== side.yearReadings)
    throw new Error(`${side.layout}: the summary counted ${counted}, not ${side.yearReadings}`);
  return { ms, body: JSON.stringify(summary) };
}

/**
 * A round's batches for `units` units: readings INGEST_STEP_MS apart, the round's own stretch of
 * time before `end`, so no round repeats another's readings.
 */
function roundBatches(units: number, round: number, end: number) {
  const perUnit = BATCHES_PER_ROUND * BATCH_SIZE;
  const start = end - (INGEST_ROUNDS + 1 - round) * perUnit * INGEST_STEP_MS;
  return Array.from({ length: units }, () =>
    Array.from({ length: BATCHES_PER_ROUND }, (_, b) =>
      Array.from({ length: BATCH_SIZE }, (_, i) => {
        const n = b * BATCH_SIZE + i;
        return {
          ReportTimestamp: new Date(start + n * INGEST_STEP_MS).toISOString(),
          Temperature: 60 + (n % 200) / 10,
          Humidity: 30 + (n % 40),
          Power: 1,
          SignalStrength: 10 + (n % 20),
        };
      }),
    ),
  );
}

/** The units' batches through the endpoint, units side by side; answers readings stored and seconds. */
async function sendBatches(
  side: Side,
  units: readonly ProvisionedUnit[],
  batches: ReturnType<typeof roundBatches>,
) {
  const bodies = batches.map((unit) =>
    unit.map((batch) => Buffer.from(JSON.stringify({ Reports: batch }))),
  );
  const agent = new http.Agent({ keepAlive: true });
  const url = new URL(side.url);
  let stored = 0;
  const started = performance.now();
  try {
    await Promise.all(
      units.map(async (unit, index) => {
        for (const body of bodies[index]!) {
          const answer = await postReports(agent, url, deviceAuthorization(unit), body);
          if (answer.status !== 200) throw new Error(`ingest: ${answer.status} ${answer.text}`);
          stored += (JSON.parse(answer.text) as { Accepted: number }).Accepted;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { stored, seconds: (performance.now() - started) / 1000 };
}

/**
 * The same kind of rows straight into the side's table, one batched INSERT per batch, into the
 * month's partition by name (a view over the one table) as ingest writes them (decision 080).
 */
async function insertBare(
  bare: Bare,
  deviceIds: readonly number[],
  batches: ReturnType<typeof roundBatches>,
) {
  let stored = 0;
  const started = performance.now();
  await Promise.all(
    deviceIds.map(async (id, index) => {
      for (const batch of batches[index]!) {
        const times = batch.map((r) => new Date(r.ReportTimestamp));
        const rows = await bare.query<{ n: number }>(
          `WITH ins AS (
             INSERT INTO ${insertTarget('device_reports', times)}
               (device_id, report_timestamp, temperature, humidity, power, signal_strength)
             SELECT $1::integer, * FROM unnest($2::timestamptz[], $3::real[], $4::real[], $5::smallint[], $6::smallint[])
             ON CONFLICT DO NOTHING RETURNING 1)
           SELECT count(*)::int AS n FROM ins`,
          [
            id,
            times,
            batch.map((r) => r.Temperature),
            batch.map((r) => r.Humidity),
            batch.map((r) => r.Power),
            batch.map((r) => r.SignalStrength),
          ],
        );
        stored += rows[0]!.n;
      }
    }),
  );
  return { stored, seconds: (performance.now() - started) / 1000 };
}

type Tally = { stored: number; seconds: number };
const add = (tally: Tally, more: Tally) => {
  tally.stored += more.stored;
  tally.seconds += more.seconds;
};

/** Each round runs the layouts in turn, the first one changing every round. */
async function alternateLayouts(
  work: (layout: Layout, round: number) => Promise<void>,
  rounds = ROUNDS,
) {
  for (let round = 0; round < rounds; round += 1)
    for (const layout of round % 2 === 0 ? LAYOUTS : [...LAYOUTS].reverse())
      await work(layout, round);
}

/**
 * Times migrations 035 and 036 on the one-table database: the upgrade of a database of this size.
 */
async function timeMigration(side: Side): Promise<void> {
  await side.stop();
  await waitForDataFolder(side.where.dataDir);
  const bare = await openBare(side.where);
  try {
    // Both tables as they were before 035 (the pucks' empty): the migration renames them first.
    const sqlText = [
      '035-readings-partitioned-by-month.sql',
      '036-readings-keys-cover-the-graph.sql',
    ]
      .map((name) =>
        readFileSync(
          new URL(`../apps/server/src/platform/database/migrations/${name}`, import.meta.url),
          'utf8',
        ),
      )
      .join(';\n');
    // The months' views (monthPartition) go: the migration makes partitions by their names.
    await bare.run(`DO $$ DECLARE v text; BEGIN
      FOR v IN SELECT viewname FROM pg_views WHERE viewname LIKE 'device\\_reports\\_y%' LOOP
        EXECUTE format('DROP VIEW %I', v);
      END LOOP; END $$`);
    await bare.run('DROP TABLE peripheral_reports CASCADE');
    await bare.run(`CREATE TABLE peripheral_reports (
      peripheral_id integer NOT NULL REFERENCES peripherals (id), report_timestamp timestamptz NOT NULL,
      temperature real, humidity real, water smallint, battery_level smallint,
      PRIMARY KEY (peripheral_id, report_timestamp))`);
    const started = performance.now();
    await bare.run(`BEGIN; ${sqlText}; COMMIT;`);
    const seconds = (performance.now() - started) / 1000;
    const [moved] = await bare.query<{ n: number; partitions: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT tableoid)::int AS partitions FROM device_reports`,
    );
    console.log(
      `  migrations 035 and 036 on the one-table database: ${moved!.n.toLocaleString('en-US')} readings into ${moved!.partitions} partitions in ${seconds.toFixed(0)} s`,
    );
    await bare.run('VACUUM (ANALYZE) device_reports');
  } finally {
    await bare.close();
  }
  // The product again, on the migrated database: its history now laid out unit by unit.
  const product = await startProduct(PORTS[side.layout], side.where);
  side.stop = async () => {
    product.stop();
    await product.stopped;
  };
}

/**
 * The year summary after the upgrade: the migrated database (its history copied unit by unit)
 * against the partitioned one whose rows went in as units report them, alternated.
 */
async function compareMigrated(migrated: Side, reported: Side, end: number): Promise<void> {
  const times = new Map<Side, number[]>([
    [migrated, []],
    [reported, []],
  ]);
  const first = await askYear(migrated, end);
  if (first.body !== (await askYear(reported, end)).body)
    throw new Error('the migrated database answered another summary');
  for (let round = 0; round < ROUNDS; round += 1)
    for (const s of round % 2 === 0 ? [migrated, reported] : [reported, migrated])
      for (let i = 0; i < SUMMARY_CALLS_PER_ROUND; i += 1)
        times.get(s)!.push((await askYear(s, end)).ms);
  const p50 = (s: Side) => percentile(times.get(s)!, 50);
  const p95 = (s: Side) => percentile(times.get(s)!, 95);
  console.log(
    `  year summary after migration 035 (rows copied unit by unit): p50 ${p50(migrated).toFixed(1)} ms, p95 ${p95(migrated).toFixed(1)} ms; partitioned as reported: p50 ${p50(reported).toFixed(1)} ms`,
  );
  console.log(`  ratio migrated/as reported (p50): ${formatRatio(p50(migrated) / p50(reported))}`);
}

export async function benchReadingsPartitions(): Promise<void> {
  const isPostgres = Boolean(process.env.DATABASE_URL);
  const totalRows = Number(
    process.env.BENCH_READINGS_ROWS ?? (isPostgres ? 50_000_000 : 2_000_000),
  );
  const end = Date.now() - 60 * 60_000;
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `Readings partitioned by month against one table, ${isPostgres ? 'PostgreSQL' : 'embedded'}, ~${totalRows.toLocaleString('en-US')} readings each (load average ${load})`,
  );
  const sides: Side[] = [];
  try {
    for (const layout of LAYOUTS) sides.push(await prepareSide(layout, totalRows, end));
    const side = (layout: Layout) => sides.find((s) => s.layout === layout)!;
    for (const s of sides)
      console.log(
        `  ${s.layout}: ${s.tableSize} (${s.partitions} partitions), the unit's year ${s.yearReadings} readings`,
      );

    // The year summary: warmed, then rounds; both layouts must answer the same.
    const times: Record<Layout, number[]> = { partitioned: [], table: [] };
    const answers: Record<Layout, string> = { partitioned: '', table: '' };
    for (const s of sides)
      for (let i = 0; i < 3; i += 1) answers[s.layout] = (await askYear(s, end)).body;
    if (answers.partitioned !== answers.table)
      throw new Error('the layouts answered different summaries');
    await alternateLayouts(async (layout) => {
      for (let i = 0; i < SUMMARY_CALLS_PER_ROUND; i += 1)
        times[layout].push((await askYear(side(layout), end)).ms);
    });
    const p = (layout: Layout, q: number) => percentile(times[layout], q);
    for (const layout of LAYOUTS)
      console.log(
        `  year summary, ${layout}: p50 ${p(layout, 50).toFixed(1)} ms, p95 ${p(layout, 95).toFixed(1)} ms (${times[layout].length} calls)`,
      );
    console.log(
      `  ratio partitioned/table (p50): ${formatRatio(p('partitioned', 50) / p('table', 50))}`,
    );

    // Ingest: the endpoint and a bare INSERT per layout, alternated; a warm-up unit first.
    const ingest: Record<Layout, Tally> = {
      partitioned: { stored: 0, seconds: 0 },
      table: { stored: 0, seconds: 0 },
    };
    const bareTally: Record<Layout, Tally> = {
      partitioned: { stored: 0, seconds: 0 },
      table: { stored: 0, seconds: 0 },
    };
    const bares = new Map<Layout, Bare>();
    // Each round's rate a layout, for the spread of the ratio between rounds.
    const roundRates: Record<Layout, number[]> = { partitioned: [], table: [] };
    try {
      for (const s of sides) if (isPostgres) bares.set(s.layout, await openBare(s.where));
      await alternateLayouts(async (layout, round) => {
        const s = side(layout);
        await sendBatches(
          s,
          [s.warmUnit],
          roundBatches(1, round, end).map((u) => u.slice(0, 2)),
        );
        const sent = await sendBatches(s, s.ingestUnits, roundBatches(INGEST_UNITS, round, end));
        add(ingest[layout], sent);
        roundRates[layout].push(sent.stored / sent.seconds);
        const bare = bares.get(layout);
        if (bare)
          add(
            bareTally[layout],
            await insertBare(bare, s.bareUnits, roundBatches(INGEST_UNITS, round, end)),
          );
      }, INGEST_ROUNDS);
      const expected = INGEST_ROUNDS * INGEST_UNITS * BATCHES_PER_ROUND * BATCH_SIZE;
      for (const s of sides) {
        if (ingest[s.layout].stored !== expected)
          throw new Error(`${s.layout}: ingest stored ${ingest[s.layout].stored} of ${expected}`);
        const bare = bares.get(s.layout);
        if (!bare) continue;
        const [counted] = await bare.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM device_reports WHERE device_id = ANY($1::integer[])',
          [[...s.ingestUnits.map((u) => u.Id), ...s.bareUnits]],
        );
        if (counted!.n !== 2 * expected)
          throw new Error(`${s.layout}: ${counted!.n} rows found, not ${2 * expected}`);
      }
    } finally {
      for (const bare of bares.values()) await bare.close();
    }
    const rate = (tally: Tally) => tally.stored / tally.seconds;
    for (const layout of LAYOUTS)
      console.log(
        `  ingest, ${layout}: ${rate(ingest[layout]).toFixed(0)} reports/s through the endpoint${isPostgres ? `, bare INSERT ${rate(bareTally[layout]).toFixed(0)} rows/s` : ''}`,
      );
    console.log(
      `  ratio partitioned/table (endpoint): ${formatRatio(rate(ingest.partitioned) / rate(ingest.table))}`,
    );
    const byRound = roundRates.partitioned
      .map((partitioned, i) => partitioned / roundRates.table[i]!)
      .sort((a, b) => a - b);
    console.log(
      `    by round (${INGEST_ROUNDS}): median ${formatRatio(percentile(byRound, 50))}, ` +
        `lowest ${formatRatio(byRound[0]!)}, highest ${formatRatio(byRound.at(-1)!)}`,
    );
    if (isPostgres)
      console.log(
        `  ratio partitioned/table (bare INSERT): ${formatRatio(rate(bareTally.partitioned) / rate(bareTally.table))}`,
      );

    if (process.env.BENCH_READINGS_MIGRATE === '1') {
      await timeMigration(side('table'));
      await compareMigrated(side('table'), side('partitioned'), end);
    }
  } finally {
    for (const s of sides) {
      await s.stop().catch(() => undefined);
      await s.drop();
    }
  }
}
