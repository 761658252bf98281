import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import {
  DELIVER_NOTIFICATION,
  attemptDelivery,
  type DeliverNotificationData,
} from './deliveries.service';
import type { JobQueue } from '../../platform/jobs/queue';

export type DeliveryRetryPolicy = {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; with back-off each wait about doubles (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How often an idle worker looks for work. */
  pollingIntervalSeconds: number;
};

/** Five retries from 15 s with exponential back-off: the last about 8–16 minutes after the first. */
export const DEFAULT_DELIVERY_RETRY: DeliveryRetryPolicy = {
  retryLimit: 5,
  retryDelaySeconds: 15,
  retryBackoff: true,
  pollingIntervalSeconds: 1,
};

/**
 * Creates the delivery queue (stately: at most one waiting and one running job per delivery)
 * and starts a worker that sends one delivery at a time with the senders of `ctx`.
 */
export async function startDeliveryWorker(
  ctx: AppContext,
  queue: JobQueue,
  policy: DeliveryRetryPolicy = DEFAULT_DELIVERY_RETRY,
): Promise<void> {
  const options: Omit<PgBoss.Queue, 'name'> = {
    policy: 'stately',
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: policy.retryBackoff,
  };
  await queue.boss.createQueue(DELIVER_NOTIFICATION, { name: DELIVER_NOTIFICATION, ...options });
  // createQueue keeps an existing queue as it was; bring its retry settings up to date.
  await queue.boss.updateQueue(DELIVER_NOTIFICATION, { name: DELIVER_NOTIFICATION, ...options });
  await queue.work<DeliverNotificationData>(
    DELIVER_NOTIFICATION,
    { pollingIntervalSeconds: policy.pollingIntervalSeconds },
    (job) =>
      attemptDelivery(ctx, {
        deliveryId: job.data.deliveryId,
        isLastAttempt: job.retryCount >= job.retryLimit,
      }),
  );
}
