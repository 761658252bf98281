import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestJobQueue } from '../../../test/helpers/job-queue';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createMetrics } from '../observability/metrics';
import { startJobQueue } from './queue';

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(`starts pg-boss in its own schema on the ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database'} and runs a job`, async () => {
    const { queue, schema, drop } = await startTestJobQueue(t.ctx);
    try {
      const tables = await sql<{ count: number }>`
        SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = ${schema}`.execute(
        t.ctx.db,
      );
      expect(tables.rows[0]?.count).toBeGreaterThan(0);

      await queue.boss.createQueue('smoke');
      const done = new Promise<unknown>((resolve) => {
        void queue.boss.work<{ n: number }>('smoke', { pollingIntervalSeconds: 0.5 }, ([job]) => {
          resolve(job?.data);
          return Promise.resolve();
        });
      });
      await queue.boss.send('smoke', { n: 7 });
      await expect(done).resolves.toEqual({ n: 7 });
    } finally {
      await drop();
    }
  });

  it('drains a queue at the speed of its handler, not one job per polling interval (found by the soak)', async () => {
    const { queue, drop } = await startTestJobQueue(t.ctx);
    try {
      await queue.boss.createQueue('backlog');
      await queue.boss.insert(
        Array.from({ length: 5 }, (_, n) => ({ name: 'backlog', data: { n } })),
      );
      const worked: number[] = [];
      // An interval far longer than the wait below: only fetching again at once can drain 5 jobs.
      await queue.work<{ n: number }>('backlog', { pollingIntervalSeconds: 120 }, (job) => {
        worked.push(job.data.n);
        return Promise.resolve();
      });
      await vi.waitFor(() => expect(worked).toHaveLength(5), { timeout: 10_000 });
      expect([...worked].sort()).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await drop();
    }
  });

  it('logs each job worked as it starts and ends, with its id, outcome and duration, and counts it (issue #26)', async () => {
    const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const at =
      (level: string) =>
      (fields: object, message = '') =>
        logged.push({ level, fields: fields as Record<string, unknown>, message });
    const metrics = createMetrics();
    const schema = `jobs_logged_${Date.now()}`;
    const queue = await startJobQueue({
      db: t.ctx.db,
      databaseUrl: process.env.DATABASE_URL,
      schema,
      log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
      metrics,
    });
    try {
      await queue.boss.createQueue('chores', { name: 'chores', retryLimit: 0 });
      await queue.work<{ fail: boolean }>('chores', { pollingIntervalSeconds: 0.5 }, (job) =>
        job.data.fail ? Promise.reject(new Error('the disk is full')) : Promise.resolve(),
      );
      const done = await queue.boss.send('chores', { fail: false });
      const failed = await queue.boss.send('chores', { fail: true });
      const ended = () =>
        logged.filter((l) => l.message === 'job done' || l.message === 'job failed');
      await vi.waitFor(() => expect(ended()).toHaveLength(2), { timeout: 10_000 });
      const about = (jobId: string | null) => ({ job: 'chores', jobId, attempt: 1 });
      expect(logged.filter((l) => l.message === 'job started')).toEqual(
        expect.arrayContaining([
          { level: 'debug', message: 'job started', fields: about(done) },
          { level: 'debug', message: 'job started', fields: about(failed) },
        ]),
      );
      expect(ended()).toEqual(
        expect.arrayContaining([
          {
            level: 'info',
            message: 'job done',
            fields: { ...about(done), durationMs: expect.any(Number) },
          },
          {
            level: 'error',
            message: 'job failed',
            fields: {
              ...about(failed),
              err: new Error('the disk is full'),
              durationMs: expect.any(Number),
              willRetry: false,
            },
          },
        ]),
      );
      const scraped = await metrics.scrape();
      expect(scraped).toMatch(/^monitor_jobs_total\{queue="chores",outcome="done"\} 1$/m);
      expect(scraped).toMatch(/^monitor_jobs_total\{queue="chores",outcome="failed"\} 1$/m);
      expect(scraped).toMatch(/^monitor_job_duration_seconds_count\{queue="chores"\} 2$/m);
    } finally {
      await queue.stop();
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(t.ctx.db);
    }
  });
});
