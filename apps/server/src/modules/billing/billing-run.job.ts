import type { AppContext } from '../../context';
import { startPeriodicJob } from '../../platform/jobs/periodic';
import type { JobQueue } from '../../platform/jobs/queue';
import { runBilling, type BillingRunSummary } from './billing-run.service';

/** What the run logs to: the server's logger, or a test's list. */
export type JobLog = {
  info: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

/** The periodic billing run on the queue (decision 036). */
export const BILLING_RUN = 'billing-run';
/**
 * Hourly: a period is charged within the hour its billing day begins in New York, and a dunning
 * retry within the hour it falls due.
 */
export const BILLING_RUN_SECONDS = 60 * 60;

/**
 * One billing run, logged and counted: each subscription that could not be billed with why (it is
 * left for the next run, and an operator must see it), then the run's counts. (The queue logs the
 * run's start, end and duration as it does every job's.)
 */
export async function runBillingLogged(ctx: AppContext, log: JobLog): Promise<BillingRunSummary> {
  const summary = await runBilling(ctx);
  for (const { subscriptionId, message } of summary.failed)
    log.error(
      { job: BILLING_RUN, subscriptionId, reason: message },
      'billing run: a subscription could not be billed; the next run tries it again',
    );
  const counts = {
    charged: summary.charged,
    declined: summary.declined,
    invoiced: summary.invoiced,
    skipped: summary.skipped,
    failed: summary.failed.length,
  };
  for (const [outcome, count] of Object.entries(counts))
    ctx.metrics.billingCharges.inc({ outcome }, count);
  log.info({ job: BILLING_RUN, ...counts }, 'billing run done');
  return summary;
}

/**
 * Starts the billing run on exactly one process at a time (the periodic job's one chain of
 * ticks); a run on two processes at once would still charge each period once.
 */
export async function startBillingRun(
  ctx: AppContext,
  queue: Pick<JobQueue, 'boss' | 'work'>,
  { log, everySeconds = BILLING_RUN_SECONDS }: { log: JobLog; everySeconds?: number },
): Promise<void> {
  // A run over many subscriptions may take minutes: it expires (and is retried) only after 30.
  await startPeriodicJob(queue, BILLING_RUN, { everySeconds, expireInSeconds: 30 * 60 }, () =>
    runBillingLogged(ctx, log),
  );
}
