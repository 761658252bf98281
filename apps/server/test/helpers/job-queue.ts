import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../src/context';
import { startJobQueue, type JobQueue } from '../../src/platform/jobs/queue';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { createLogger } from '../../src/platform/config/logger';
import {
  startDeliveryWorker,
  type DeliveryRetryPolicy,
} from '../../src/modules/outbox/deliver-notification.job';

/**
 * Starts a second pg-boss for a test on the test's database, beside the one the test app's
 * context already runs (`t.ctx.jobs`): on PGlite through the app's pool, on PostgreSQL
 * (DATABASE_URL) with its own connection. Each call gets its own pg-boss schema, so a test can
 * watch a queue no other part of the app works; pass `schema` to start another queue on the same
 * jobs (two workers, as two server processes would be). `drop` removes the schema afterwards.
 */
export async function startTestJobQueue(
  ctx: AppContext,
  { schema = `jobs_${randomBytes(6).toString('hex')}` }: { schema?: string } = {},
): Promise<{ queue: JobQueue; schema: string; drop: () => Promise<void> }> {
  const queue = await startJobQueue({
    db: ctx.db,
    databaseUrl: process.env.DATABASE_URL,
    schema,
    log: createLogger('silent'),
    // The app's own: a test of a worker reads what it counted there (`GET /metrics`).
    metrics: ctx.metrics,
  });
  return {
    queue,
    schema,
    drop: async () => {
      await queue.stop();
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(ctx.db);
    },
  };
}

export type QueuedTestApp = TestApp & { queue: JobQueue; schema: string };

/**
 * A test app whose context queues on a pg-boss of its own (`startTestJobQueue`), as a test of
 * alarms or deliveries needs: `queue` to start a worker on, `schema` to read its jobs. Its
 * `close` drops that queue too.
 */
export async function createQueuedTestApp(options?: TestAppOptions): Promise<QueuedTestApp> {
  const t = await createTestApp(options);
  const { queue, schema, drop } = await startTestJobQueue(t.ctx);
  t.ctx.jobs = queue;
  return {
    ...t,
    queue,
    schema,
    close: async () => {
      await drop();
      await t.close();
    },
  };
}

/** Retries at once, the queue looked at twice a second: a delivery test waits seconds, not minutes. */
export const fastRetry = (retryLimit: number): DeliveryRetryPolicy => ({
  retryLimit,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
});

/**
 * A queued test app (`createQueuedTestApp`) with the delivery worker running on its queue, as
 * `npm start` runs it, each delivery retried `retryLimit` times at once (`fastRetry`).
 */
export async function createDeliveringTestApp(
  options?: TestAppOptions,
  { retryLimit = 1 }: { retryLimit?: number } = {},
): Promise<QueuedTestApp> {
  const t = await createQueuedTestApp(options);
  await startDeliveryWorker(t.ctx, t.queue, fastRetry(retryLimit));
  return t;
}
