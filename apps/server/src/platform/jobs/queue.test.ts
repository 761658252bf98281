import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJobQueue } from '../../../test/helpers/job-queue';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

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
});
