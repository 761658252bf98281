import type { AppContext } from '../../context';
import type { JobQueue } from '../../platform/jobs/queue';
import { findFollowUpFacts } from './alarm-follow-ups.repository';
import {
  ALARM_FOLLOW_UP,
  scheduleFollowUp,
  tellStep,
  type AlarmFollowUpData,
} from './alarm-deliveries';

/**
 * The later tellings of an alarm (decision 059): an escalation after its wait, and each reminder.
 * A job holds the event's row while it works, so an acknowledgement either lands before it (and it
 * sends nothing) or after it; a job that dies before its commit is retried and sends then; one
 * retried after its commit finds its step recorded and sends nothing more.
 */

const OPTIONS = {
  name: ALARM_FOLLOW_UP,
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/** Creates the queue (as every process does on start: the engine schedules on it). */
export async function createAlarmFollowUpQueue(queue: Pick<JobQueue, 'boss'>): Promise<void> {
  await queue.boss.createQueue(ALARM_FOLLOW_UP, OPTIONS);
  await queue.boss.updateQueue(ALARM_FOLLOW_UP, OPTIONS);
}

export type FollowUpOutcome = 'sent' | 'already-sent' | 'snoozed' | 'answered' | 'gone';

/**
 * One follow-up: nothing once the alarm is acknowledged or cleared or its notification is gone or
 * off; while the unit is snoozed, the same step again when the snooze ends; else the step, once.
 */
export async function runAlarmFollowUp(
  ctx: AppContext,
  data: AlarmFollowUpData,
): Promise<FollowUpOutcome> {
  return ctx.db.transaction().execute(async (trx) => {
    const facts = await findFollowUpFacts(trx, data.eventId, data.notificationId);
    if (!facts?.notification) return 'gone';
    if (facts.closed_at || facts.acknowledged_at) return 'answered';
    if (facts.alarms_snoozed_until && facts.alarms_snoozed_until > ctx.now()) {
      await scheduleFollowUp(ctx, trx, data, facts.alarms_snoozed_until);
      return 'snoozed';
    }
    return (await tellStep(ctx, trx, facts.notification, data)) ? 'sent' : 'already-sent';
  });
}

/** Works the queue: one follow-up at a time per process, any process. */
export async function startAlarmFollowUps(
  ctx: AppContext,
  queue: Pick<JobQueue, 'boss' | 'work'>,
  { pollingIntervalSeconds = 2 }: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  await createAlarmFollowUpQueue(queue);
  await queue.work<AlarmFollowUpData>(ALARM_FOLLOW_UP, { pollingIntervalSeconds }, (job) =>
    runAlarmFollowUp(ctx, job.data),
  );
}
