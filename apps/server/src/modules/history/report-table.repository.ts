import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AlarmEventType, DB } from '../../platform/database/schema';
import type { ReadingWindow } from '../devices/visible-history.repository';
import { puckReadingOrNull } from './history-readings';

/**
 * The rows of a report table or a CSV file (device-management §4, §7, §9; decision 030): one
 * unit's or one puck's readings in a visible window, newest first, a page at a time by keyset
 * (`report_timestamp` below the last row's), each marked when it falls in an alarm spell.
 */

/** Whose readings: a unit's own, or a puck's; alarm spells live on the owner's row. */
export type ReadingSource =
  | { kind: 'device'; deviceId: number; ownerRowId: number; alarmTypes: readonly AlarmEventType[] }
  | {
      kind: 'puck';
      peripheralId: number;
      ownerRowId: number;
      alarmTypes: readonly AlarmEventType[];
    };

export type ReportRow = {
  report_timestamp: Date;
  /** The row's timestamp in microseconds since 1970, as text: the keyset of the next page. */
  position: string;
  temperature: number | null;
  humidity: number | null;
  power: number | null;
  water: number | null;
  motion: number | null;
  battery_level: number | null;
  in_alarm: boolean;
};

/**
 * The source's alarm spells overlapping `window`, as a `spells (starts, ends)` CTE: from the
 * reading that opened each to the one that closed it (`ends` null while open). A unit has a few
 * hundred in a year at most, against a hundred thousand readings.
 */
function spellsOf(source: ReadingSource, window: ReadingWindow): RawBuilder<unknown> {
  const starts = sql`coalesce(e.opening_report_at, e.opened_at)`;
  const ends = sql`case when e.closed_at is not null then coalesce(e.closing_report_at, e.closed_at) end`;
  const puck =
    source.kind === 'puck'
      ? sql`e.peripheral_id = ${source.peripheralId}`
      : sql`e.peripheral_id is null`;
  const types =
    source.alarmTypes.length === 0
      ? sql`false`
      : sql`e.alarm_type in (${sql.join(source.alarmTypes)})`;
  return sql`spells as (
    select ${starts} as starts, ${ends} as ends
    from alarm_events e
    where e.user_device_id = ${source.ownerRowId} and ${puck} and ${types}
      and ${starts} < ${window.to} and (${ends} is null or ${ends} > ${window.from})
  )`;
}

/** A spell as microseconds since 1970, the precision of `report_timestamp`; `ends` null while open. */
type SpellRange = { starts: number; ends: number };

/** The source's spells overlapping `window`, merged where they overlap, oldest first. */
async function findSpellRanges(
  db: Kysely<DB>,
  source: ReadingSource,
  window: ReadingWindow,
): Promise<SpellRange[]> {
  const { rows } = await sql<{ starts: string; ends: string | null }>`
    with ${spellsOf(source, window)}
    select (extract(epoch from starts) * 1000000)::bigint::text as starts,
      (extract(epoch from ends) * 1000000)::bigint::text as ends
    from spells order by spells.starts
  `.execute(db);
  const merged: SpellRange[] = [];
  for (const row of rows) {
    // Microseconds up to 2100 stay below 2^53: exact as numbers.
    const spell = {
      starts: Number(row.starts),
      ends: row.ends === null ? Infinity : Number(row.ends),
    };
    const last = merged.at(-1);
    if (last && spell.starts <= last.ends) last.ends = Math.max(last.ends, spell.ends);
    else merged.push(spell);
  }
  return merged;
}

/** Whether a reading at `position` (microseconds) falls in one of the merged `spells`. */
function isInSpell(spells: readonly SpellRange[], position: number): boolean {
  let low = 0;
  let high = spells.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const spell = spells[middle] as SpellRange;
    if (position < spell.starts) high = middle - 1;
    else if (position >= spell.ends) low = middle + 1;
    else return true;
  }
  return false;
}

/** The columns of a source's rows; a puck has no power or motion, a unit no battery. */
function columnsOf(source: ReadingSource): RawBuilder<unknown> {
  if (source.kind === 'device') {
    return sql`r.temperature::float8 as temperature, r.humidity::float8 as humidity, r.power::int as power,
      r.water::int as water, r.motion::int as motion, null::int as battery_level`;
  }
  return sql`(${puckReadingOrNull('temperature')})::float8 as temperature,
    (${puckReadingOrNull('humidity')})::float8 as humidity, null::int as power,
    r.water::int as water, null::int as motion, r.battery_level::int as battery_level`;
}

/**
 * One page of a source's readings in `window`, newest first (a table) or oldest first (a file):
 * `limit` rows beyond the row at `after` (a `position`; from the start when absent), only those
 * in alarm when `isAlarmOnly`. Served by the (device_id | peripheral_id, report_timestamp)
 * primary key read in either direction; a CSV writer pages through a whole year with the same
 * call and a larger `limit`.
 */
export async function findReportRows(
  db: Kysely<DB>,
  {
    source,
    window,
    after,
    order = 'newest',
    isAlarmOnly,
    limit,
  }: {
    source: ReadingSource;
    window: ReadingWindow;
    after?: string;
    order?: 'newest' | 'oldest';
    isAlarmOnly: boolean;
    limit: number;
  },
): Promise<ReportRow[]> {
  const [table, key, id] =
    source.kind === 'device'
      ? (['device_reports', 'device_id', source.deviceId] as const)
      : (['peripheral_reports', 'peripheral_id', source.peripheralId] as const);
  const isNewestFirst = order === 'newest';
  const beyond =
    after === undefined
      ? sql``
      : sql`and r.report_timestamp ${sql.raw(isNewestFirst ? '<' : '>')} timestamptz 'epoch' + ${after}::bigint * interval '1 microsecond'`;
  const columns = sql`r.report_timestamp,
    (extract(epoch from r.report_timestamp) * 1000000)::bigint::text as position,
    ${columnsOf(source)}`;
  const direction = sql.raw(isNewestFirst ? 'desc' : 'asc');
  // Rows in alarm are read spell by spell, each a range of the primary key (a reading in two
  // overlapping spells once); testing every reading of a year against every spell took seconds.
  const { rows } = isAlarmOnly
    ? await sql<ReportRow>`
        with ${spellsOf(source, window)}
        select distinct on (r.report_timestamp) ${columns}, true as in_alarm
        from spells s
        join ${sql.table(table)} r
          on r.${sql.ref(key)} = ${id}
          and r.report_timestamp >= greatest(s.starts, ${window.from}::timestamptz)
          and r.report_timestamp < least(coalesce(s.ends, ${window.to}::timestamptz), ${window.to}::timestamptz)
        where true ${beyond}
        order by r.report_timestamp ${direction}
        limit ${limit}
      `.execute(db)
    : await sql<ReportRow>`
        select ${columns}, false as in_alarm
        from ${sql.table(table)} r
        where r.${sql.ref(key)} = ${id}
          and r.report_timestamp >= ${window.from}
          and r.report_timestamp < ${window.to}
          ${beyond}
        order by r.report_timestamp ${direction}
        limit ${limit}
      `.execute(db);
  if (!isAlarmOnly && rows.length > 0) {
    // Each reading is looked up among the period's few spells here, not in SQL against every
    // spell (a year's CSV with 500 spells took 6.3 s that way).
    const spells = await findSpellRanges(db, source, window);
    for (const row of rows) row.in_alarm = isInSpell(spells, Number(row.position));
  }
  return rows;
}
