import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BareDriver } from './bare-driver';
import { productAndBare } from './sides';
import { runFair, type Row } from './ingest-fair';
import {
  alternate,
  deviceAuthorization,
  formatRatio,
  freshDatabase,
  provisionUnits,
  registerOwner,
  type ProvisionedUnit,
  postReports,
} from './support';

/**
 * Reports per second through POST /device-api/v1/reports (Basic auth, validation, the one
 * ingest statement, then the reports-stored listeners the server registers: alarm evaluation
 * and the live channel), against two baselines on the same database in the same run:
 * - fair baseline (same statements, bare driver): each batch's own statements as the product's
 *   code sends them — the unit's credentials, the call's one statement, the owner's alarm facts,
 *   the evaluation's record (and, for a batch that changes alarm state, its transaction with the
 *   unit's lock, the spells and the messages) — captured from `authenticateDevice`,
 *   `ingestReports` and `evaluateAlarms` on a recording database (ingest-fair.ts) and replayed
 *   through a `pg` pool of 10 or PGlite's own `query`. Not in it: HTTP and JSON (the product's
 *   own) and the live channel's NOTIFY (queued, shared by batches);
 * - floor (bare INSERT): one batched INSERT of the batch's rows, nothing else.
 * Each unit sends its batches one after the other, as a real unit does; the units send side by
 * side.
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
 * late batches included, and that a fleet in good order made none; and that the fair baseline
 * stored every row and made the same alarm events and late messages.
 *
 * The three sides alternate in rounds, each round warmed first with batches of a unit of its own
 * that is not counted; on the embedded database, which admits one process, the product is
 * restarted for each of its rounds and the bare sides open the data folder for each of theirs.
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
          const response = await postReports(agent, target, authorization, body);
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
  bare: BareDriver,
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
        const { rowCount } = await bare.query(BARE_INSERT, batch);
        stored += rowCount; // after the await: `stored += await …` would lose concurrent additions
      }
    }),
  );
  return { stored, seconds: (performance.now() - started) / 1000 };
}

/**
 * Dates the owner's registration three days back (and the units' provisioning four), as a fleet
 * in service is: every reading of the run is then the owner's (decision 017) and not refused.
 */
async function dateRegistrationBack(bare: BareDriver, deviceIds: readonly number[]): Promise<void> {
  // Heard from a minute ago, too: the run sends readings hours old, and a unit whose newest
  // reading is 15 minutes old is silent to the NOCALL watchdog, whose events would change the
  // work of whichever side its tick fell on.
  await bare.query(
    `UPDATE devices SET provisioned_at = now() - interval '4 days',
       last_report_at = now() - interval '1 minute'
     WHERE id = ANY($1::integer[])`,
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
  bare: BareDriver,
  units: readonly ProvisionedUnit[],
): Promise<{ events: number; late: number; deliveries: number }> {
  const ids = units.map((u) => u.Id).join(',');
  const count = async (text: string) => Number((await bare.query(text)).rows[0]?.n);
  const events = await count(
    `SELECT count(*) AS n FROM alarm_events e JOIN user_devices ud ON ud.id = e.user_device_id
     WHERE ud.device_id IN (${ids}) AND e.alarm_type = 'TEMP'`,
  );
  const late = await count(
    `SELECT count(*) AS n FROM deliveries d JOIN alarm_events e ON e.id = d.alarm_event_id
     JOIN user_devices ud ON ud.id = e.user_device_id
     WHERE ud.device_id IN (${ids}) AND d.kind = 'alarm-late'`,
  );
  const deliveries = await count(
    `SELECT count(*) AS n FROM deliveries d JOIN alarm_events e ON e.id = d.alarm_event_id
     JOIN user_devices ud ON ud.id = e.user_device_id WHERE ud.device_id IN (${ids})`,
  );
  return { events, late, deliveries };
}

/**
 * One scenario: its own units on each side (and a warm-up unit each), the product's and the fair
 * baseline's registered to an owner and all dated back; the three sides alternate in rounds.
 * Answers each side's tally and the alarm work done.
 */
async function measure(
  run: ReturnType<typeof productAndBare>,
  where: { dataDir: string; databaseUrl?: string },
  scenario: Scenario,
) {
  // Units for every side are made first, by the operator's command in a process of its own: on
  // the embedded database, which admits one process at a time, no side holds the folder then.
  await run.close();
  const all = await provisionUnits(where, 3 * (1 + UNITS));
  const sideUnits = [0, 1, 2].map((side) =>
    all.slice(side * (1 + UNITS), (side + 1) * (1 + UNITS)),
  );
  const [[warmIngest, ...ingestUnits], [warmFair, ...fairUnits], [warmFloor, ...floorUnits]] =
    sideUnits as [ProvisionedUnit[], ProvisionedUnit[], ProvisionedUnit[]];
  const { url } = await run.product();
  await registerOwner(url, [warmIngest!, ...ingestUnits]);
  await registerOwner(url, [warmFair!, ...fairUnits]);
  await dateRegistrationBack(
    await run.bare(),
    all.map((u) => u.Id),
  );
  // Every side sends rows with the same times, ending a minute ago.
  const end = Date.now();
  const batchesOf = (units: readonly ProvisionedUnit[]) =>
    units.map((_, index) => makeBatches(index, end, scenario));
  const [ingestBatches, fairBatches, floorBatches] = [ingestUnits, fairUnits, floorUnits].map(
    batchesOf,
  ) as [Row[][][], Row[][][], Row[][][]];
  // A warm-up unit sends a round's share before each timed round of its side, not counted.
  const warmBatches = makeBatches(UNITS, end, scenario);
  const ingest: Tally = { stored: 0, seconds: 0 };
  const fair: Tally & { statements: number } = { stored: 0, seconds: 0, statements: 0 };
  const floor: Tally = { stored: 0, seconds: 0 };
  const add = (tally: Tally, more: Tally) => {
    tally.stored += more.stored;
    tally.seconds += more.seconds;
  };
  const shareOf = (batches: Row[][][], round: number) => batches.map((b) => roundOf(b, round));
  const ingestRound = async (round: number) => {
    const { url } = await run.product();
    await runIngest(url, [warmIngest!], [roundOf(warmBatches, round)]);
    add(ingest, await runIngest(url, ingestUnits, shareOf(ingestBatches, round)));
  };
  const fairRound = async (round: number) => {
    const database = await run.bare();
    await runFair(database, [warmFair!], [roundOf(warmBatches, round)]);
    const before = fair.stored;
    const more = await runFair(database, fairUnits, shareOf(fairBatches, round));
    fair.stored = more.stored; // counted in the table: all the side's rows so far
    fair.seconds += more.seconds;
    fair.statements += more.statements;
    if (more.stored - before !== UNITS * roundOf(fairBatches[0]!, round).length * BATCH_SIZE)
      throw new Error(`fair baseline: ${more.stored - before} rows stored in round ${round}`);
  };
  const floorRound = async (round: number) => {
    const database = await run.bare();
    await runBareInsert(database, [warmFloor!], [roundOf(warmBatches, round)]);
    add(floor, await runBareInsert(database, floorUnits, shareOf(floorBatches, round)));
  };
  await alternate(ROUNDS, [ingestRound, fairRound, floorRound]);
  const rows = UNITS * BATCHES_PER_UNIT * BATCH_SIZE;
  if (ingest.stored !== rows || fair.stored !== rows || floor.stored !== rows)
    throw new Error(
      `expected ${rows} rows a side, got ${ingest.stored}, ${fair.stored} and ${floor.stored}`,
    );
  // The evaluation really ran: every excursion is one alarm event (none in a fleet in good
  // order), and late batches sent their "while the unit could not report" messages.
  const work = await countAlarmWork(await run.bare(), ingestUnits);
  const expected = scenario.excursions ? UNITS * EXCURSIONS_PER_UNIT : 0;
  if (work.events !== expected || (scenario.late && work.late === 0))
    throw new Error(
      `${scenario.name}: expected ${expected} alarm events, got ${work.events} (${work.late} late messages)`,
    );
  // The fair baseline did the same alarm work: its spells and their messages are in the tables.
  const fairWork = await countAlarmWork(await run.bare(), fairUnits);
  if (fairWork.events !== expected || fairWork.late !== work.late)
    throw new Error(
      `${scenario.name}: the fair baseline recorded ${fairWork.events} alarm events and ${fairWork.late} late messages, the endpoint ${work.events} and ${work.late}`,
    );
  return { ingest, fair, floor, work, fairWork };
}

export async function benchIngest(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-ingest-'));
  const database = await freshDatabase();
  const where = { dataDir, databaseUrl: database.url };
  const run = productAndBare(where, { port: PORT });
  const perSecond = (t: Tally) => t.stored / t.seconds;
  try {
    console.log(
      `POST /device-api/v1/reports (${database.url ? 'PostgreSQL' : 'embedded'}), ${UNITS} units × ${BATCHES_PER_UNIT} batches of ${BATCH_SIZE} a side in ${ROUNDS} alternating warmed rounds, alarm evaluation on (the owner's default points and e-mail notifications):`,
    );
    for (const scenario of SCENARIOS) {
      const { ingest, fair, floor, work, fairWork } = await measure(run, where, scenario);
      const batches = UNITS * BATCHES_PER_UNIT;
      console.log(
        `  ${scenario.name}: endpoint ${perSecond(ingest).toFixed(0)} reports/s; ${work.events} alarm events, ${work.deliveries} deliveries (${work.late} "while the unit could not report"), as expected`,
      );
      console.log(
        `    fair baseline (same statements, bare driver; ${(fair.statements / batches).toFixed(1)} a batch, ${fairWork.events} alarm events, ${fairWork.deliveries} deliveries): ${perSecond(fair).toFixed(0)} reports/s; ratio ${formatRatio(perSecond(ingest) / perSecond(fair))}`,
      );
      console.log(
        `    floor (bare batched INSERT): ${perSecond(floor).toFixed(0)} reports/s; ratio ${formatRatio(perSecond(ingest) / perSecond(floor))}`,
      );
    }
  } finally {
    await run.close();
    await database.drop();
  }
}
