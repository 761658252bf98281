import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../database/schema';
import type { JobMetrics } from '../observability/metrics';

/** pg-boss's own tables live in this schema, apart from the application's (decision 010). */
export const JOB_SCHEMA = 'pgboss';

/** The running queue: pg-boss on the application's database. */
export type JobQueue = {
  boss: PgBoss;
  /**
   * A pg-boss connection that runs on `db`: pass a Kysely transaction to enqueue a job in the
   * same transaction as the row it is about, so both exist or neither does.
   */
  connection: (db: Kysely<DB>) => PgBoss.Db;
  /**
   * Works `name` one job at a time, the only way a worker is started: each job is logged as it
   * starts and ends (outcome, duration, job id) and counted by outcome; a job that throws is
   * logged and rethrown, for pg-boss to retry.
   */
  work: <T extends object>(
    name: string,
    options: { pollingIntervalSeconds: number },
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<unknown>,
  ) => Promise<void>;
  /** Started and not stopped (readiness, `GET /ready`). */
  isRunning: () => boolean;
  /** Jobs not yet worked (created, or waiting to be retried), by queue (metrics, `GET /metrics`). */
  countWaiting: () => Promise<{ queue: string; count: number }[]>;
  stop: () => Promise<void>;
};

export type JobQueueOptions = {
  /** The application's database; on the embedded database pg-boss runs through it. */
  db: Kysely<DB>;
  /** A PostgreSQL server: pg-boss opens its own small pool there. Unset on the embedded database. */
  databaseUrl?: string | undefined;
  /** pg-boss's schema; tests give each run its own. */
  schema?: string;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'error' | 'warn'>;
  metrics: JobMetrics;
};

/** Runs pg-boss's SQL on a Kysely database or transaction (the PGlite node-postgres pool). */
export function kyselyConnection(db: Kysely<DB>): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    },
  };
}

/** Logs and counts one job around its handler (see `JobQueue.work`). */
function jobRunner({ log, metrics }: Pick<JobQueueOptions, 'log' | 'metrics'>) {
  return async <T>(
    job: PgBoss.JobWithMetadata<T>,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<unknown>,
  ) => {
    const about = { job: job.name, jobId: job.id, attempt: job.retryCount + 1 };
    // At debug: a periodic tick a minute would otherwise put two lines a minute in the console;
    // `job done` carries the duration, so the start is known at info too.
    log.debug(about, 'job started');
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      await handler(job);
    } catch (error) {
      const duration = seconds();
      metrics.jobs.inc({ queue: job.name, outcome: 'failed' });
      metrics.jobDuration.observe({ queue: job.name }, duration);
      const willRetry = job.retryCount < job.retryLimit;
      log.error(
        { ...about, err: error, durationMs: Math.round(duration * 1000), willRetry },
        'job failed',
      );
      throw error;
    }
    const duration = seconds();
    metrics.jobs.inc({ queue: job.name, outcome: 'done' });
    metrics.jobDuration.observe({ queue: job.name }, duration);
    log.info({ ...about, durationMs: Math.round(duration * 1000) }, 'job done');
  };
}

/**
 * Starts pg-boss, creating or upgrading its schema. On PostgreSQL it connects with the URL; on
 * the embedded database, which admits one connection, it shares the application's pool through
 * a `db` adapter. Cron scheduling is off: nothing here needs it, and it would poll all the time.
 */
export async function startJobQueue({
  db,
  databaseUrl,
  schema = JOB_SCHEMA,
  log,
  metrics,
}: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    ...(databaseUrl ? { connectionString: databaseUrl, max: 4 } : { db: kyselyConnection(db) }),
    schema,
    schedule: false,
    supervise: true,
  });
  boss.on('error', (error) => {
    log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  const workLogged = jobRunner({ log, metrics });
  let isStopped = false;
  return {
    boss,
    connection: kyselyConnection,
    work: async <T extends object>(
      name: string,
      { pollingIntervalSeconds }: { pollingIntervalSeconds: number },
      handler: (job: PgBoss.JobWithMetadata<T>) => Promise<unknown>,
    ) => {
      // pg-boss waits its polling interval after every fetch, even one that found a job: a queue
      // of deliveries would drain at one a second. A fetch that found a job asks for the next
      // at once, so a queue drains at the speed of its handler and only an empty one waits.
      // Its id is known once `boss.work` answers, which is before its first fetch returns.
      const worker: { id?: string } = {};
      worker.id = await boss.work<T>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        async (jobs) => {
          for (const job of jobs) await workLogged(job, handler);
          if (worker.id) boss.notifyWorker(worker.id);
        },
      );
    },
    isRunning: () => !isStopped,
    // A stopped queue has no connection on PostgreSQL: it counts nothing rather than fail a scrape.
    countWaiting: async () =>
      isStopped
        ? []
        : Promise.all(
            (await boss.getQueues()).map(async ({ name }) => ({
              queue: name,
              count: await boss.getQueueSize(name),
            })),
          ),
    stop: async () => {
      if (isStopped) return;
      isStopped = true;
      // Waits for jobs in progress so none is left active to be retried after its expiry.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
