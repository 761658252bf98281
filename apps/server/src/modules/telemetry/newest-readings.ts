import { sql, type RawBuilder } from 'kysely';
import { monthOf, monthStart } from './reading-months';

/**
 * Newest-first reads of a unit's or a puck's readings in two parts, split where the monthly
 * partition of its last report begins (decision 077). With no lower time bound, "newest first,
 * LIMIT n" probes every monthly partition: the DEFAULT partition keeps PostgreSQL from reading
 * them newest first (decision 074). Bounded from the first instant of that month (UTC, as
 * reading-months.ts cuts them), it reads that partition, the months made ahead and the default.
 *
 * Exact, whatever the last report time says: a lower bound drops no reading newer than one it
 * keeps, so the newest rows found from it are the newest there are; only when it finds fewer than
 * asked for is the part before it read too. Ingest moves `devices.last_report_at` (a puck's
 * `callin_time`) to the newest time of each batch and never back, so that reading is stored and
 * the first part finds it; readings written otherwise (an import, the tests' helpers) or gone
 * (retention drops whole months) are what the second part is there for.
 */

/** Where a search looks: first from the month of the last report on, then only what is before it. */
export type ReadingsPart = 'from-last-report-month' | 'before-last-report-month';

/**
 * `at` (a reading's time column) is in `part` of the readings whose last report was at
 * `lastReportAt`; with none (null), the first part is the whole history and the second is empty.
 * A time known beforehand (a row the caller read) is a constant, so the planner keeps only the
 * partitions from that month on; a column (a join's, for a list of units) prunes them as the
 * query runs, for each unit ("never executed"), after planning all of them.
 */
export function isInReadingsPart(
  part: ReadingsPart,
  at: string,
  lastReportAt: Date | null | { column: string },
): RawBuilder<boolean> {
  const isFirst = part === 'from-last-report-month';
  if (lastReportAt === null) return isFirst ? sql<boolean>`true` : sql<boolean>`false`;
  const bound =
    lastReportAt instanceof Date
      ? sql<Date>`${monthStart(monthOf(lastReportAt))}::timestamptz`
      : // A unit that never reported has no bound: the first part is its whole history.
        sql<Date>`coalesce(date_trunc('month', ${sql.ref(lastReportAt.column)}, 'UTC'), '-infinity'::timestamptz)`;
  return isFirst
    ? sql<boolean>`${sql.ref(at)} >= ${bound}`
    : sql<boolean>`${sql.ref(at)} < ${bound}`;
}

/**
 * The newest `limit` rows of one unit or puck, newest first: `find` answers a part's newest rows,
 * newest first; the part before the last report's month is read only for what the first lacks.
 */
export async function findNewestInParts<T>(
  limit: number,
  find: (part: ReadingsPart, limit: number) => Promise<T[]>,
): Promise<T[]> {
  const newest = await find('from-last-report-month', limit);
  if (newest.length >= limit) return newest;
  return [...newest, ...(await find('before-last-report-month', limit - newest.length))];
}

/**
 * The newest row of each of `keys` (units, or user device rows): `find` answers a part's newest
 * row of each key it has one for; the part before the last report's month is read only for the
 * keys the first part found nothing for.
 */
export async function findNewestOfEachInParts<K, T>(
  keys: readonly K[],
  find: (part: ReadingsPart, keys: readonly K[]) => Promise<Map<K, T>>,
): Promise<Map<K, T>> {
  if (keys.length === 0) return new Map();
  const newest = await find('from-last-report-month', keys);
  const unfound = keys.filter((key) => !newest.has(key));
  if (unfound.length === 0) return newest;
  for (const [key, row] of await find('before-last-report-month', unfound)) newest.set(key, row);
  return newest;
}

/** A page of readings, newest first: `offset` rows skipped, then at most `limit`. */
export type ReadingsPage = { limit: number; offset: number };

/**
 * A page of one unit's or puck's readings, newest first, as if read whole: the part before the
 * last report's month is read only when the page runs past the first part. `countFirstPart` is
 * asked only when the page starts beyond the first part's end, the one case where its end is
 * not known from the rows found.
 */
export async function findNewestPageInParts<T>(
  { limit, offset }: ReadingsPage,
  find: (part: ReadingsPart, page: ReadingsPage) => Promise<T[]>,
  countFirstPart: () => Promise<number>,
): Promise<T[]> {
  const newest = await find('from-last-report-month', { limit, offset });
  if (newest.length >= limit) return newest;
  const firstPartCount =
    newest.length > 0 || offset === 0 ? offset + newest.length : await countFirstPart();
  const older = await find('before-last-report-month', {
    limit: limit - newest.length,
    offset: Math.max(0, offset - firstPartCount),
  });
  return [...newest, ...older];
}
