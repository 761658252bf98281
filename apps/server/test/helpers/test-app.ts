import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import type { Kysely } from 'kysely';
import type { MailMessage, Mailer } from '../../src/adapters/mail/mailer';
import { loadConfig, type Config, type RateLimits } from '../../src/platform/config/config';
import type { AppContext } from '../../src/context';
import { createContext } from '../../src/create-context';
import { openDatabase, type Database } from '../../src/platform/database/database';
import type { DB } from '../../src/platform/database/schema';
import type { JobQueue } from '../../src/platform/jobs/queue';
import { createLogger } from '../../src/platform/config/logger';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** The context's job queue with its `stop`, to start a worker on (`startDeliveryWorker(t.ctx, t.jobs)`). */
  jobs: JobQueue;
  /** Every e-mail the app sent, newest last (empty when a mailer was passed in). */
  sentMail: MailMessage[];
  /** Every wait the app asked for (login slow-down), in ms; the test clock does not move. */
  sleeps: number[];
  /** Moves the test clock. */
  advanceTime: (ms: number) => void;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  start?: Date;
  /** A mailer built by the test (a real SMTP or outbox mailer) on the test's database. */
  mailer?: (deps: { db: Kysely<DB> }) => Mailer;
  /** A logger to read what the app logs; silent by default. */
  logger?: FastifyBaseLogger;
  /** Settings that differ from the defaults (e.g. `trustProxy`). */
  config?: Partial<Config>;
};

/**
 * Test files sign in, register and pay many times from one address within a minute: the limits
 * are out of the way. The limits' own tests set small ones over these.
 */
export const TEST_RATE_LIMITS: RateLimits = {
  anonymousCalls: 100_000,
  login: 100_000,
  registration: 100_000,
  passwordReset: 100_000,
  deviceAuthFailures: 100_000,
  salesChecks: 100_000,
  storeWrites: 100_000,
  cardCalls: { perUser: 100_000, perAddress: 100_000 },
  heavyWorkPerUser: 100_000,
};

const silent = createLogger('silent');

/**
 * A fresh database for one test file: a copy of the migrated embedded template, or, when
 * DATABASE_URL is set, a new schema on that PostgreSQL server (migrated by createContext) and one
 * for its job queue, both dropped afterwards.
 */
async function openTestDatabase(): Promise<{ database: Database; jobSchema?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = await readFile(inject('pgliteTemplate'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([template]) });
    const database = await openDatabase({ pglite });
    return {
      database: { ...database, close: async () => (await database.close(), await pglite.close()) },
    };
  }
  const id = randomBytes(6).toString('hex');
  const schema = `test_${id}`;
  // The queue's schema is its own, as pgboss is beside the app's on a server (decision 010).
  const jobSchema = `jobs_${id}`;
  const admin = await openDatabase({ url });
  await admin.db.schema.createSchema(schema).execute();
  const database = await openDatabase({ url, searchPath: schema });
  return {
    jobSchema,
    database: {
      ...database,
      close: async () => {
        await database.close();
        await admin.db.schema.dropSchema(schema).cascade().execute();
        await admin.db.schema.dropSchema(jobSchema).ifExists().cascade().execute();
        await admin.close();
      },
    },
  };
}

/** Builds the whole app on a fresh database with a controllable clock and a capturing mailer. */
export async function createTestApp({
  start = new Date('2026-11-22T12:00:00Z'),
  mailer: buildMailer,
  logger,
  config: overrides = {},
}: TestAppOptions = {}): Promise<TestApp> {
  let nowMs = start.getTime();
  const sentMail: MailMessage[] = [];
  const sleeps: number[] = [];
  // Stored files (exports, certificates) go to a folder of this test file's own, removed on close.
  const filesDir = await mkdtemp(join(tmpdir(), 'monitor-files-'));
  const capturingMailer: Mailer = {
    kind: 'outbox',
    send: (message) => {
      sentMail.push(message);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  const config: Config = {
    ...loadConfig({}),
    publicUrl: 'http://localhost:3000',
    webDist: undefined,
    databaseUrl: process.env.DATABASE_URL,
    rateLimits: TEST_RATE_LIMITS,
    files: { kind: 'local', dir: filesDir, linkSecret: undefined },
    ...overrides,
  };
  // The app's own context with local stand-ins: a clock the test moves, waits recorded instead of
  // spent, mail captured; the job queue and the live hub are the real ones on the test's database.
  const removeFiles = () => rm(filesDir, { recursive: true, force: true });
  const running = await createContext(config, {
    ...(await openTestDatabase()),
    log: silent,
    now: () => new Date(nowMs),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    mailer: buildMailer ?? (() => capturingMailer),
  });
  const { ctx } = running;
  let app: FastifyInstance;
  try {
    app = await buildApp({ ctx, ...(logger && { logger }) });
    await app.ready();
  } catch (error) {
    await running.close();
    await removeFiles();
    throw error;
  }
  return {
    app,
    ctx,
    jobs: running.jobs,
    sentMail,
    sleeps,
    advanceTime: (ms) => {
      nowMs += ms;
    },
    close: async () => {
      await app.close();
      await running.close();
      await removeFiles();
    },
  };
}
