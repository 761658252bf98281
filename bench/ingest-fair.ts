import { DeviceReportBatch } from '@monitor/contract/device-protocol';
import type { BareDriver } from './bare-driver';
import { captureContext, echoAnswers } from './product-context';
import { insertedRow, placeholder, replay, type Script, type Statement } from './product-sql';
import { deviceAuthorization, type ProvisionedUnit } from './support';
import { evaluateAlarms } from '../apps/server/src/modules/alarms/alarm-engine';
import { authenticateDevice } from '../apps/server/src/modules/telemetry/device-auth';
import { ingestReports } from '../apps/server/src/modules/telemetry/ingest.service';

/**
 * The fair baseline of bench/ingest: each batch's statements as the product's code sends them
 * (the unit's credentials, the call's one statement, alarm evaluation), captured on a recording
 * database (product-context.ts) before the clock starts and replayed through the bare driver.
 */

/** One reading as a unit sends it. */
export type Row = {
  ReportTimestamp: string;
  Temperature: number;
  Humidity: number;
  Power: number;
  SignalStrength: number;
};

type Answered = Record<string, unknown>;

/**
 * What the database would hold for a unit while its round is replayed, which it does not hold
 * yet while the round is captured: the round's earlier batches and the spells their capture
 * wrote, and how far they were evaluated.
 */
type UnitState = { readings: Answered[]; spells: Answered[]; through: Date | null };

const time = (value: unknown) => (value as Date).getTime();
const isNewer = (a: Date | null, b: Date | null) => !!a && (!b || a > b);

/**
 * The stored readings a late batch is walked again over (`findReadingsSince`) and whether there
 * is one in a span (`hasReadingBetween`): what the database has, and the round's earlier batches.
 */
function withRoundReadings(statement: Statement, rows: readonly Answered[], state: UnitState) {
  const [, from, before] = statement.parameters as [number, Date, Date | number | undefined];
  const isSpan = before instanceof Date;
  const own = state.readings.filter(
    (r) =>
      time(r.report_timestamp) >= from.getTime() &&
      (!isSpan || time(r.report_timestamp) < before.getTime()),
  );
  const byTime = new Map([...rows, ...own].map((r) => [time(r.report_timestamp), r]));
  const all = [...byTime.values()].sort(
    (a, b) => time(a.report_timestamp) - time(b.report_timestamp),
  );
  return isSpan ? all.slice(0, 1) : all;
}

/** The owner's spells since a time (`findSpellsSince`): the database's and the round's captured ones. */
function withRoundSpells(statement: Statement, rows: readonly Answered[], state: UnitState) {
  const since = (statement.parameters[2] as Date).getTime();
  const own = state.spells.filter(
    (s) => s.closed_at === null || time(s.closing_report_at) >= since,
  );
  return [...rows, ...own].sort((a, b) => time(a.opening_report_at) - time(b.opening_report_at));
}

/**
 * Answers for capturing one batch: the call's one statement is not run (its answer: every row
 * new, no command waiting); the owner's facts are read for real, with the count of evaluations a
 * placeholder that the lock and the guarded record carry and the replay fills in from what the
 * database answers, and evaluated through the unit's newest reading sent before, so a late batch
 * is walked again as the product walks it, over the readings and spells the database will hold
 * by then (`UnitState`); the record answers that it was written.
 */
function batchAnswers(bare: BareDriver, deviceId: number, rows: number, state: UnitState) {
  let evaluations = 0;
  const special = (statement: Statement) => {
    if (statement.sql.includes('WITH readings AS'))
      return [
        { stored_count: rows, duplicate_times: [], duplicate_puck_readings: [], commands: [] },
      ];
    if (
      statement.sql.includes('alarms_evaluations FROM devices') &&
      statement.sql.includes('FOR UPDATE')
    )
      return [{ alarms_evaluations: evaluations }];
    if (statement.sql.includes('WITH unit AS')) return [{ id: deviceId }];
    return undefined;
  };
  const answer = echoAnswers(bare, special);
  const through = state.through;
  return async (statement: Statement) => {
    const answered = await answer(statement);
    const { sql } = statement;
    if (sql.startsWith('select "report_timestamp"') && sql.includes('from "device_reports"'))
      return withRoundReadings(statement, answered, state);
    if (
      sql.includes(
        'from "alarm_events" as "e" where "e"."user_device_id" = $1 and "e"."alarm_type" !=',
      )
    )
      return withRoundSpells(statement, answered, state);
    if (!sql.includes('from "user_devices" as "ud"')) return answered;
    evaluations = placeholder();
    return answered.map((owner) => {
      const stored = owner.alarms_evaluated_through as Date | null;
      return {
        ...owner,
        alarms_evaluations: evaluations,
        alarms_evaluated_through: isNewer(stored, through) ? stored : (through ?? stored),
      };
    });
  };
}

/** What the database holds of a reading the call stored, as `findReadingsSince` selects it. */
const storedReading = (row: Row): Answered => ({
  report_timestamp: new Date(row.ReportTimestamp),
  temperature: row.Temperature,
  humidity: row.Humidity,
  power: row.Power,
  signal_strength: row.SignalStrength,
  water: null,
  motion: null,
});

/** The spells a captured batch wrote, as `findSpellsSince` reads them back. */
const writtenSpells = (script: Script): Answered[] =>
  script.steps.flatMap((step) =>
    typeof step !== 'string' && step.sql.startsWith('insert into "alarm_events"')
      ? [{ ...insertedRow(step), id: placeholder(), is_notified: true }]
      : [],
  );

/** Each unit's batches as the product's code handles them, captured before the clock starts. */
async function captureBatches(
  bare: BareDriver,
  units: readonly ProvisionedUnit[],
  batches: readonly Row[][][],
): Promise<Script[][]> {
  return Promise.all(
    units.map(async (unit, index) => {
      const scripts: Script[] = [];
      const state: UnitState = { readings: [], spells: [], through: null };
      for (const batch of batches[index]!) {
        const { capture } = await captureContext(
          batchAnswers(bare, unit.Id, batch.length, { ...state }),
        );
        // As the product stores the batch before it evaluates it.
        state.readings.push(...batch.map(storedReading));
        const { script } = await capture(async (ctx) => {
          const device = await authenticateDevice(ctx, deviceAuthorization(unit));
          const parsed = DeviceReportBatch.parse({ Reports: batch });
          const { stored } = await ingestReports(ctx, device, parsed);
          await evaluateAlarms(ctx, stored);
        });
        scripts.push(script);
        state.spells.push(...writtenSpells(script));
        const newest = new Date(batch.at(-1)!.ReportTimestamp);
        if (isNewer(newest, state.through)) state.through = newest;
      }
      return scripts;
    }),
  );
}

/**
 * The batches through the bare driver, each unit's in order, the units side by side. Answers the
 * rows the units now have stored (all rounds so far), the seconds and the statements sent.
 */
export async function runFair(
  bare: BareDriver,
  units: readonly ProvisionedUnit[],
  batches: readonly Row[][][],
): Promise<{ stored: number; seconds: number; statements: number }> {
  const scripts = await captureBatches(bare, units, batches);
  const started = performance.now();
  let statements = 0;
  await Promise.all(
    scripts.map(async (unitScripts) => {
      for (const script of unitScripts) {
        const sent = await replay(bare, script);
        statements += sent; // after the await: `statements += await …` would lose concurrent additions
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await bare.query(
    `SELECT count(*)::integer AS n FROM device_reports WHERE device_id = ANY($1::integer[])`,
    [units.map((unit) => unit.Id)],
  );
  return { stored: rows[0]!.n as number, seconds, statements };
}
