import type { AppContext } from '../../context';
import { startPeriodicJob } from '../../platform/jobs/periodic';
import {
  maintainReadingsPartitions,
  type PartitionsRunSummary,
} from './readings-partitions.service';

/** What the upkeep logs to: the server's logger, or a test's list. */
export type PartitionsLog = {
  info: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

/** The periodic upkeep of the readings' monthly partitions on the queue (decision 074). */
export const READINGS_PARTITIONS = 'readings-partitions';
/**
 * Hourly: partitions are made two months ahead, so an hour changes nothing for them; readings
 * that landed in the default partition (a month with none) move to their own within the hour.
 */
export const READINGS_PARTITIONS_SECONDS = 60 * 60;

/**
 * One upkeep, logged: each partition made (with the readings moved into it from the default),
 * each dropped for retention (with its readings' count), each kept for a NIST certificate, each
 * step that failed; nothing when nothing changed.
 */
export async function runReadingsPartitionsLogged(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  log: PartitionsLog,
): Promise<PartitionsRunSummary> {
  const job = READINGS_PARTITIONS;
  const summary = await maintainReadingsPartitions(ctx.db, {
    now: ctx.now(),
    retentionMonths: ctx.config.readingsRetentionMonths,
  });
  for (const made of summary.created) log.info({ job, ...made }, 'readings partition made');
  for (const dropped of summary.dropped)
    log.info(
      { job, ...dropped, retentionMonths: ctx.config.readingsRetentionMonths },
      'readings partition dropped: past READINGS_RETENTION_MONTHS',
    );
  for (const kept of summary.keptForNist)
    log.info(
      { job, ...kept },
      'readings partition kept past retention: it holds readings a NIST certificate still needs',
    );
  for (const { message, ...failed } of summary.failed)
    log.error(
      { job, ...failed, reason: message },
      'readings partition upkeep failed; the next run tries it again',
    );
  return summary;
}

/**
 * Runs the upkeep once now, so a process started after a long stop makes this month's partitions
 * before it takes readings, then every `everySeconds` on exactly one process (the periodic job's
 * one chain of ticks). A failure at start is logged and does not stop the start: every reading
 * has the default partition to go into meanwhile.
 */
export async function startReadingsPartitions(
  ctx: AppContext,
  queue: Parameters<typeof startPeriodicJob>[0],
  {
    log,
    everySeconds = READINGS_PARTITIONS_SECONDS,
  }: { log: PartitionsLog; everySeconds?: number },
): Promise<void> {
  try {
    await runReadingsPartitionsLogged(ctx, log);
  } catch (error) {
    log.error(
      { job: READINGS_PARTITIONS, err: error },
      'readings partition upkeep failed at start',
    );
  }
  await startPeriodicJob(
    queue,
    READINGS_PARTITIONS,
    { everySeconds, expireInSeconds: 30 * 60 },
    () => runReadingsPartitionsLogged(ctx, log),
  );
}
