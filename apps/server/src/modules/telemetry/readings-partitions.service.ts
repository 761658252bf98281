import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import {
  compareMonths,
  formatMonth,
  monthsToPrepare,
  oldestKeptMonth,
  partitionName,
  READINGS_TABLES,
  type ReadingMonth,
  type ReadingsTable,
} from './reading-months';
import {
  createMonthPartition,
  dropMonthPartition,
  findDefaultPartitionMonths,
  findMonthPartitions,
  vacuumDefaultPartition,
} from './readings-partitions.repository';

/** One partition the run touched: its table, name and month (`YYYY-MM`). */
type PartitionRef = { table: ReadingsTable; partition: string; month: string };

export type PartitionsRunSummary = {
  /** Made: ahead of time, or for readings that were waiting in the default partition. */
  created: (PartitionRef & { movedRows: number })[];
  /** Past retention, detached and dropped whole. */
  dropped: (PartitionRef & { rows: number })[];
  /** Past retention but holding readings a NIST certificate still needs: kept. */
  keptForNist: PartitionRef[];
  /** A step that failed (a lock not granted in time): the next run tries it again. */
  failed: (PartitionRef & { message: string })[];
};

const ref = (table: ReadingsTable, month: ReadingMonth): PartitionRef => ({
  table,
  partition: partitionName(table, month),
  month: formatMonth(month),
});

/** The months `table` must have a partition for: the next few, and any a waiting reading needs. */
async function monthsWanted(
  db: Kysely<DB>,
  table: ReadingsTable,
  now: Date,
): Promise<ReadingMonth[]> {
  const wanted = [...monthsToPrepare(now), ...(await findDefaultPartitionMonths(db, table))];
  const existing = new Set((await findMonthPartitions(db, table)).map(({ name }) => name));
  const names = new Set<string>();
  return wanted
    .filter((month) => {
      const name = partitionName(table, month);
      if (existing.has(name) || names.has(name)) return false;
      names.add(name);
      return true;
    })
    .sort(compareMonths);
}

/**
 * The readings partitions' upkeep (decision 074), idempotent: makes the partitions of the current
 * month and the next two, and of every month whose readings wait in the default partition (moving
 * them in); then, with `retentionMonths`, drops whole the partitions of months before the oldest
 * it keeps, but a unit readings' partition holding readings a NIST certificate still needs. A
 * step that fails is reported and left for the next run; the others go on.
 */
export async function maintainReadingsPartitions(
  db: Kysely<DB>,
  { now, retentionMonths }: { now: Date; retentionMonths: number | undefined },
): Promise<PartitionsRunSummary> {
  const summary: PartitionsRunSummary = { created: [], dropped: [], keptForNist: [], failed: [] };
  const today = now.toISOString().slice(0, 10);
  for (const table of READINGS_TABLES) {
    let movedRows = 0;
    for (const month of await monthsWanted(db, table, now)) {
      try {
        const made = await createMonthPartition(db, table, month);
        if (made) summary.created.push({ ...ref(table, month), movedRows: made.movedRows });
        movedRows += made?.movedRows ?? 0;
      } catch (error) {
        summary.failed.push({ ...ref(table, month), message: (error as Error).message });
      }
    }
    // Not a step that can fail the run: autovacuum would come by anyway, only later.
    if (movedRows > 0) await vacuumDefaultPartition(db, table).catch(() => undefined);
    if (retentionMonths === undefined) continue;
    const oldest = oldestKeptMonth(now, retentionMonths);
    const expired = (await findMonthPartitions(db, table)).filter(
      ({ month }) => compareMonths(month, oldest) < 0,
    );
    for (const { name, month } of expired) {
      try {
        const result = await dropMonthPartition(db, table, name, { today });
        if (result.outcome === 'dropped')
          summary.dropped.push({ ...ref(table, month), rows: result.rows });
        if (result.outcome === 'kept-for-nist') summary.keptForNist.push(ref(table, month));
      } catch (error) {
        summary.failed.push({ ...ref(table, month), message: (error as Error).message });
      }
    }
  }
  return summary;
}
