import type { AppContext } from '../../context';
import { startPeriodicJob } from '../../platform/jobs/periodic';
import type { JobQueue } from '../../platform/jobs/queue';
import { runBilling } from './billing-run.service';

/** The periodic billing run on the queue (decision 036). */
export const BILLING_RUN = 'billing-run';
/**
 * Hourly: a period is charged within the hour its billing day begins in New York, and a dunning
 * retry within the hour it falls due.
 */
export const BILLING_RUN_SECONDS = 60 * 60;

/**
 * Starts the billing run on exactly one process at a time (the periodic job's one chain of
 * ticks); a run on two processes at once would still charge each period once.
 */
export async function startBillingRun(
  ctx: AppContext,
  queue: Pick<JobQueue, 'boss'>,
  { everySeconds = BILLING_RUN_SECONDS }: { everySeconds?: number } = {},
): Promise<void> {
  // A run over many subscriptions may take minutes: it expires (and is retried) only after 30.
  await startPeriodicJob(queue, BILLING_RUN, { everySeconds, expireInSeconds: 30 * 60 }, () =>
    runBilling(ctx),
  );
}
