/**
 * The months the readings tables are partitioned by (migration 035, decision 074): calendar months
 * in UTC, each a partition named `<table>_yYYYYmMM`, its range [first instant, next month's first).
 */

/** The tables partitioned by month: a unit's readings and a puck's. */
export type ReadingsTable = 'device_reports' | 'peripheral_reports';

export const READINGS_TABLES: readonly ReadingsTable[] = ['device_reports', 'peripheral_reports'];

/** A calendar month in UTC: its year and its month, 1–12. */
export type ReadingMonth = { year: number; month: number };

/** How many months past the current one are made ahead: a reading always finds its month made. */
export const PARTITION_MONTHS_AHEAD = 2;

/** The month `at` falls in, in UTC. */
export function monthOf(at: Date): ReadingMonth {
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 };
}

/** The month `count` months after `from` (before, when negative). */
export function addMonths(from: ReadingMonth, count: number): ReadingMonth {
  const index = from.year * 12 + (from.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when `a` is before `b`, 0 for the same month, positive after. */
export function compareMonths(a: ReadingMonth, b: ReadingMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** The month's first instant, as a partition's lower bound: `2026-11-01T00:00:00.000Z`. */
export function monthStart({ year, month }: ReadingMonth): Date {
  const start = new Date(Date.UTC(2000, month - 1, 1));
  start.setUTCFullYear(year);
  return start;
}

/** `YYYY-MM`, for logs. */
export function formatMonth({ year, month }: ReadingMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The month's partition of `table`: `device_reports_y2026m11`. */
export function partitionName(table: ReadingsTable, { year, month }: ReadingMonth): string {
  return `${table}_y${String(year).padStart(4, '0')}m${String(month).padStart(2, '0')}`;
}

/**
 * Where a batch's readings of `table` are written: their month's partition when they all fall in
 * one month, as nearly every batch does, so PostgreSQL 15 does not route each row to its
 * partition (decision 080); `table` itself, which routes them, otherwise.
 */
export function insertTarget(table: ReadingsTable, times: readonly Date[]): string {
  const [first] = times;
  if (!first) return table;
  const month = monthOf(first);
  return times.every((time) => compareMonths(monthOf(time), month) === 0)
    ? partitionName(table, month)
    : table;
}

/** The default partition of `table`, where a reading goes when its month has none. */
export function defaultPartitionName(table: ReadingsTable): string {
  return `${table}_default`;
}

/**
 * The month a partition of `table` holds, read from its name; null for any other name (the
 * default partition, or one an operator made by hand, which the job leaves alone).
 */
export function parsePartitionName(table: ReadingsTable, name: string): ReadingMonth | null {
  if (!name.startsWith(`${table}_y`)) return null;
  const match = /^(\d{4})m(\d{2})$/.exec(name.slice(table.length + 2));
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/** The months whose partitions must exist at `now`: the current one and `ahead` after it. */
export function monthsToPrepare(now: Date, ahead = PARTITION_MONTHS_AHEAD): ReadingMonth[] {
  const current = monthOf(now);
  return Array.from({ length: ahead + 1 }, (_, index) => addMonths(current, index));
}

/**
 * The oldest month `READINGS_RETENTION_MONTHS` keeps at `now`: the current month and the
 * `retentionMonths` before it, so every reading younger than that many months is kept; a
 * partition of an earlier month is past retention.
 */
export function oldestKeptMonth(now: Date, retentionMonths: number): ReadingMonth {
  return addMonths(monthOf(now), -retentionMonths);
}
