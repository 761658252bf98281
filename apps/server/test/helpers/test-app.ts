import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import type { MailMessage, Mailer } from '../../src/adapters/mail/mailer';
import { createOutboxSmsVoiceSender } from '../../src/adapters/sms/outbox-sms-voice-sender';
import { BRANDS } from '../../src/config/brands';
import { loadConfig, type Config } from '../../src/config/config';
import type { AppContext } from '../../src/context';
import { openDatabase, type Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { startLiveHub } from '../../src/telemetry/live-hub';
import { evaluateAlarms } from '../../src/telemetry/alarm-engine';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
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
  /** A mailer built by the test (a real SMTP or outbox mailer); it may use `db` and the clock. */
  mailer?: (ctx: Omit<AppContext, 'mailer'>) => Mailer;
  /** A logger to read what the app logs; silent by default. */
  logger?: FastifyBaseLogger;
  /** Settings that differ from the defaults (e.g. `trustProxy`). */
  config?: Partial<Config>;
};

/**
 * A fresh database for one test file: a copy of the migrated embedded template, or, when
 * DATABASE_URL is set, a new schema on that PostgreSQL server, dropped afterwards.
 */
async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = await readFile(inject('pgliteTemplate'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([template]) });
    const database = await openDatabase({ pglite });
    return { ...database, close: async () => (await database.close(), await pglite.close()) };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.db.schema.createSchema(schema).execute();
  const database = await openDatabase({ url, searchPath: schema });
  await migrate(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
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
  const database = await openTestDatabase();
  let nowMs = start.getTime();
  const sentMail: MailMessage[] = [];
  const sleeps: number[] = [];
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
    // Test files sign in and register many times from one address within a minute; the limits'
    // own tests set small ones.
    rateLimits: {
      anonymousCalls: 100_000,
      login: 100_000,
      registration: 100_000,
      passwordReset: 100_000,
      deviceAuthFailures: 100_000,
    },
    ...overrides,
  };
  const base: Omit<AppContext, 'mailer'> = {
    config,
    db: database.db,
    brands: BRANDS,
    now: () => new Date(nowMs),
    sms: createOutboxSmsVoiceSender({ db: database.db, log: { info: () => undefined } }),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    // Alarm evaluation as in server.ts; it queues deliveries once a test starts a job queue.
    onReportsStored: [evaluateAlarms],
  };
  const ctx: AppContext = { ...base, mailer: buildMailer ? buildMailer(base) : capturingMailer };
  ctx.live = await startLiveHub({
    db: database.db,
    databaseUrl: database.kind === 'postgres' ? process.env.DATABASE_URL : undefined,
    log: { warn: () => undefined, error: () => undefined },
  });
  ctx.onReportsStored.push(ctx.live.listener);
  const app = await buildApp({ ctx, ...(logger && { logger }) });
  await app.ready();
  return {
    app,
    ctx,
    sentMail,
    sleeps,
    advanceTime: (ms) => {
      nowMs += ms;
    },
    close: async () => {
      await app.close();
      await ctx.live?.close();
      ctx.mailer.close();
      await database.close();
    },
  };
}
