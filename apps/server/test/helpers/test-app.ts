import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import type { MailMessage, Mailer } from '../../src/adapters/mail/mailer';
import { BRANDS } from '../../src/config/brands';
import { loadConfig } from '../../src/config/config';
import type { AppContext } from '../../src/context';
import { openDatabase, type Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every e-mail the app sent, newest last. */
  sentMail: MailMessage[];
  /** Moves the test clock. */
  advanceTime: (ms: number) => void;
  close: () => Promise<void>;
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
} = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  let nowMs = start.getTime();
  const sentMail: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: (message) => {
      sentMail.push(message);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  const config = { ...loadConfig({}), publicUrl: 'http://localhost:3000', webDist: undefined };
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer,
    brands: BRANDS,
    now: () => new Date(nowMs),
  };
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    sentMail,
    advanceTime: (ms) => {
      nowMs += ms;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
