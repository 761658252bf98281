import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Point } from '@monitor/domain/history/downsample';
import type { DB } from '../../platform/database/schema';
import type { ReadingWindow } from '../devices/visible-history.repository';
import { puckReadingOrNull } from './history-readings';

/**
 * The readings of a graph, reduced in the database (decision 030): the window is cut into
 * `bucketCount` equal spans and each span answers, per series, its first, last, lowest and highest
 * reading with their times (M4: Jugel et al., "M4: A Visualization-Oriented Time Series Data
 * Aggregation", VLDB 2014) and its sum and count. A year of 5-minute readings (105k rows) thus
 * crosses to the server as at most 4 points per bucket; the LTTB to the graph's limit runs on
 * those. The window passed in is already the visible one (visible-history.repository.ts).
 */

/** What one series' buckets add up to: the points to downsample and its statistics over every row. */
export type SeriesSample = {
  points: Point[];
  /** Over every reading of the window, before any reduction; null without one, and for power. */
  stats: { min: number; max: number; sum: number; count: number } | null;
};

/**
 * A series: the SQL of its value in a report row (null when absent). A series of two `levels`
 * (power: on and OFF) needs no second pass for its extremes' times: the first time of each level
 * is its M4 lowest and highest point, found in the first. A `value` of type float8 or real (no
 * numeric: see `powerGraphValue`).
 */
type Series = { value: RawBuilder<number | null>; levels?: readonly [low: number, high: number] };

type BucketRow = Record<string, number | null>;

/**
 * A time in ms as float8: `date_part` answers double precision, where `extract` answers numeric
 * (PostgreSQL 14 on), whose arithmetic per row tripled the time of a year's buckets. Taken of an
 * aggregate's time (`min(report_timestamp)`) it runs once per bucket, not once per row, and
 * answers the same: it never decreases as the time grows.
 */
const epochMs = (time: RawBuilder<Date | null> = sql`report_timestamp`) =>
  sql<number>`date_part('epoch', ${time}) * 1000`;

/**
 * The aggregates of each series over one bucket, in one pass of plain aggregates: count, lowest
 * and highest value and sum; of a two-level series, the first time at each level. The times of
 * the lowest and highest values take a second pass (`extremeTimes`); the first and last readings
 * come from the bucket's two ends of the primary key (`bucketEnd`).
 */
function seriesTotals(series: Record<string, Series>): RawBuilder<unknown> {
  const columns: RawBuilder<unknown>[] = [sql`count(*)::int as readings`];
  columns.push(
    ...Object.entries(series).flatMap(([name, { value, levels }]) => {
      const alias = (suffix: string) => sql.ref(`${name}_${suffix}`);
      const count = sql`count(${value})::int as ${alias('count')}`;
      if (levels) {
        // Neither statistics nor a sum of a two-level series is shown: its count and two times.
        return [
          count,
          sql`${epochMs(sql`min(report_timestamp) filter (where ${value} = ${sql.lit(levels[0])})`)} as ${alias('low_t')}`,
          sql`${epochMs(sql`min(report_timestamp) filter (where ${value} = ${sql.lit(levels[1])})`)} as ${alias('high_t')}`,
        ];
      }
      // The cast after min and max: exact, and once per bucket rather than once per row.
      return [
        sql`min(${value})::float8 as ${alias('min')}`,
        sql`max(${value})::float8 as ${alias('max')}`,
        sql`sum((${value})::float8) as ${alias('sum')}`,
        count,
      ];
    }),
  );
  return sql.join(columns);
}

/**
 * When in the bucket each series had its lowest value, the earliest such time, and its highest
 * value, the latest such time (the rule `min(array[value, t])` and `max(array[value, t])` set,
 * decision 077), from `totals`' values: a second pass of plain filtered aggregates over the
 * bucket's rows, whose pages the first pass has just read. Making an array per row and series
 * for the first pass to carry each value's time cost more than reading the bucket again.
 */
function extremeTimes(series: Record<string, Series>): RawBuilder<unknown> | null {
  const columns = Object.entries(series).flatMap(([name, { value, levels }]) => {
    if (levels) return [];
    const total = (suffix: string) => sql.ref(`totals.${name}_${suffix}`);
    const alias = (suffix: string) => sql.ref(`${name}_${suffix}`);
    return [
      sql`${epochMs(sql`min(report_timestamp) filter (where ${value} = ${total('min')})`)} as ${alias('low_t')}`,
      sql`${epochMs(sql`max(report_timestamp) filter (where ${value} = ${total('max')})`)} as ${alias('high_t')}`,
    ];
  });
  return columns.length > 0 ? sql.join(columns) : null;
}

/** The first (or last) reading of a bucket: its time and every series' value, prefixed. */
function bucketEnd(series: Record<string, Series>, prefix: 'first' | 'last'): RawBuilder<unknown> {
  return sql.join([
    sql`${epochMs()} as ${sql.ref(`${prefix}_t`)}`,
    ...Object.entries(series).map(
      ([name, { value }]) => sql`(${value})::float8 as ${sql.ref(`${prefix}_${name}`)}`,
    ),
  ]);
}

/** The points and statistics of each series from its bucket rows. */
function collectSeries(rows: readonly BucketRow[], series: Record<string, Series>) {
  const result: Record<string, SeriesSample> = {};
  for (const [name, { levels }] of Object.entries(series)) {
    const byTime = new Map<number, number>();
    let stats: SeriesSample['stats'] = null;
    const add = (t: number | null | undefined, value: number | null | undefined) => {
      if (t !== null && t !== undefined && value !== null && value !== undefined) {
        byTime.set(Math.round(t), value);
      }
    };
    for (const row of rows) {
      const count = row[`${name}_count`] ?? 0;
      if (count === 0) continue;
      const low = levels ? levels[0] : (row[`${name}_min`] as number);
      const high = levels ? levels[1] : (row[`${name}_max`] as number);
      add(row.first_t, row[`first_${name}`]);
      add(row[`${name}_low_t`], low);
      add(row[`${name}_high_t`], high);
      add(row.last_t, row[`last_${name}`]);
      if (levels) continue;
      const sum = row[`${name}_sum`] as number;
      stats = stats
        ? {
            min: Math.min(stats.min, low),
            max: Math.max(stats.max, high),
            sum: stats.sum + sum,
            count: stats.count + count,
          }
        : { min: low, max: high, sum, count };
    }
    const points = [...byTime].map(([x, y]) => ({ x, y })).sort((a, b) => a.x - b.x);
    result[name] = { points, stats };
  }
  return result;
}

type SampleOptions<Name extends string> = {
  table: 'device_reports' | 'peripheral_reports';
  key: number;
  window: ReadingWindow;
  bucketCount: number;
  /** A window with at most this many readings keeps every one (device-management §9). */
  keepAllUpTo: number;
  series: Record<Name, Series>;
};

/** Every reading of `series` in `window` as points, oldest first: for a window of few readings. */
async function readAllPoints<Name extends string>(
  db: Kysely<DB>,
  { table, key, window, series }: SampleOptions<Name>,
): Promise<Record<Name, Point[]>> {
  const keyColumn = table === 'device_reports' ? 'device_id' : 'peripheral_id';
  const { rows } = await sql<BucketRow>`
    select ${bucketEnd(series, 'first')} from ${sql.table(table)}
    where ${sql.ref(keyColumn)} = ${key}
      and report_timestamp >= ${window.from} and report_timestamp < ${window.to}
    order by report_timestamp
  `.execute(db);
  const points = {} as Record<Name, Point[]>;
  for (const name of Object.keys(series) as Name[]) {
    points[name] = rows.flatMap((row) => {
      const y = row[`first_${name}`];
      return row.first_t === null || row.first_t === undefined || y === null || y === undefined
        ? []
        : [{ x: Math.round(row.first_t), y }];
    });
  }
  return points;
}

/**
 * The M4 buckets of `series` over one unit's or one puck's readings in `window`; when the window
 * holds no more than `keepAllUpTo` readings, every one of them instead, since M4 keeps at most 4
 * of a bucket's and the graph is not downsampled below its limit.
 */
async function sampleReadings<Name extends string>(
  db: Kysely<DB>,
  options: SampleOptions<Name>,
): Promise<Record<Name, SeriesSample>> {
  const { table, key, window, bucketCount, series } = options;
  const keyColumn = table === 'device_reports' ? 'device_id' : 'peripheral_id';
  const fromSeconds = window.from.getTime() / 1000;
  const widthSeconds = (window.to.getTime() - window.from.getTime()) / 1000 / bucketCount;
  // Bucket b covers [from + b·width, from + (b+1)·width), the first starting at `from` and the
  // last ending at `to` exactly. Each bucket is its own range read of the primary key, so no
  // plan sorts or hashes a year of rows, whatever the table's statistics say.
  const edge = (bucket: RawBuilder<number>) =>
    sql<Date>`to_timestamp(${fromSeconds}::float8 + ${bucket} * ${widthSeconds}::float8)`;
  // The window's own bounds first: constants, they let the planner keep only the window's monthly
  // partitions (decision 074); the bucket's bounds below prune the rest as each bucket runs.
  const inBucket = sql`${sql.ref(keyColumn)} = ${key}
    and report_timestamp >= ${window.from}::timestamptz and report_timestamp < ${window.to}::timestamptz
    and report_timestamp >= case when buckets.b = 0 then ${window.from}::timestamptz
      else ${edge(sql`buckets.b`)} end
    and report_timestamp < case when buckets.b = ${bucketCount - 1}::int then ${window.to}::timestamptz
      else ${edge(sql`(buckets.b + 1)`)} end`;
  const extremes = extremeTimes(series);
  // JIT is off for the product's connections (platform/database/database.ts): this plan's
  // estimated cost passes jit_above_cost, and compiling it took longer than running it.
  const { rows } = await sql<BucketRow>`
    select buckets.b as bucket, totals.*, ${extremes ? sql`extremes.*,` : sql``}
      first_reading.*, last_reading.*
    from generate_series(0, ${bucketCount - 1}::int) as buckets (b)
    cross join lateral (
      select ${seriesTotals(series)} from ${sql.table(table)} where ${inBucket}
    ) totals
    ${
      extremes
        ? sql`cross join lateral (
      select ${extremes} from ${sql.table(table)} where ${inBucket}
    ) extremes`
        : sql``
    }
    left join lateral (
      select ${bucketEnd(series, 'first')} from ${sql.table(table)} where ${inBucket}
      order by report_timestamp limit 1
    ) first_reading on true
    left join lateral (
      select ${bucketEnd(series, 'last')} from ${sql.table(table)} where ${inBucket}
      order by report_timestamp desc limit 1
    ) last_reading on true
    order by buckets.b
  `.execute(db);
  const sampled = collectSeries(rows, series) as Record<Name, SeriesSample>;
  const readings = rows.reduce((total, row) => total + (row.readings ?? 0), 0);
  if (readings > options.keepAllUpTo) return sampled;
  const all = await readAllPoints(db, options);
  for (const name of Object.keys(series) as Name[]) {
    sampled[name] = { ...sampled[name], points: all[name] };
  }
  return sampled;
}

/**
 * Power as the graph draws it: 5 for on, 5.01 for OFF (device-management §9). The constants are
 * float8: as numerics (what `5.01` is in SQL) the value was converted to float8 per row and use,
 * through text, more than half the time of a year's aggregates (decision 077).
 */
const POWER_ON = 5;
const POWER_OFF = 5.01;
const powerGraphValue = sql<number | null>`case when power is null then null
  when power > 0 then ${sql.lit(POWER_ON)}::float8 else ${sql.lit(POWER_OFF)}::float8 end`;

/** A unit's temperature (°F), humidity and power series over `window`, reduced to buckets. */
export function sampleDeviceReadings(
  db: Kysely<DB>,
  {
    deviceId,
    window,
    bucketCount,
    keepAllUpTo,
  }: { deviceId: number; window: ReadingWindow; bucketCount: number; keepAllUpTo: number },
) {
  return sampleReadings(db, {
    table: 'device_reports',
    key: deviceId,
    window,
    bucketCount,
    keepAllUpTo,
    series: {
      temperature: { value: sql<number | null>`temperature` },
      humidity: { value: sql<number | null>`humidity` },
      power: { value: powerGraphValue, levels: [POWER_ON, POWER_OFF] },
    },
  });
}

/** A puck's temperature (°F) and humidity over `window`, reduced to buckets, sentinels dropped. */
export function samplePuckReadings(
  db: Kysely<DB>,
  {
    peripheralId,
    window,
    bucketCount,
    keepAllUpTo,
  }: { peripheralId: number; window: ReadingWindow; bucketCount: number; keepAllUpTo: number },
) {
  return sampleReadings(db, {
    table: 'peripheral_reports',
    key: peripheralId,
    window,
    bucketCount,
    keepAllUpTo,
    series: {
      temperature: { value: puckReadingOrNull('temperature') },
      humidity: { value: puckReadingOrNull('humidity') },
    },
  });
}
