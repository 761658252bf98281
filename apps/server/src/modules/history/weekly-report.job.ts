import type { AppContext } from '../../context';
import { startPeriodicJob } from '../../platform/jobs/periodic';
import type { JobQueue } from '../../platform/jobs/queue';
import {
  makeWeeklyReport,
  sweepWeeklyReports,
  WEEKLY_REPORT,
  type WeeklyReportJob,
} from './weekly-report.service';

/** The sweep that finds the weekly reports due (decision 032). */
export const WEEKLY_REPORTS_SWEEP = 'weekly-reports-sweep';
/** Every 15 minutes: a report goes out within a quarter of an hour of 07:00 on Monday. */
export const WEEKLY_REPORTS_SWEEP_SECONDS = 15 * 60;

/**
 * Starts the sweep and the worker that makes one report per job. Making a report is idempotent
 * (its row's key decides who sends it), so the queue may retry it freely.
 */
export async function startWeeklyReports(
  ctx: AppContext,
  queue: Pick<JobQueue, 'boss' | 'work'>,
  {
    sweepSeconds = WEEKLY_REPORTS_SWEEP_SECONDS,
    pollingIntervalSeconds = 10,
  }: { sweepSeconds?: number; pollingIntervalSeconds?: number } = {},
): Promise<void> {
  const options = {
    name: WEEKLY_REPORT,
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 600,
  };
  await queue.boss.createQueue(WEEKLY_REPORT, options);
  await queue.boss.updateQueue(WEEKLY_REPORT, options);
  await queue.work<WeeklyReportJob>(WEEKLY_REPORT, { pollingIntervalSeconds }, (job) =>
    makeWeeklyReport(ctx, job.data),
  );
  await startPeriodicJob(queue, WEEKLY_REPORTS_SWEEP, { everySeconds: sweepSeconds }, () =>
    sweepWeeklyReports(ctx),
  );
}
