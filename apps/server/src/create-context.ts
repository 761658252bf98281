import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createAddressVerifier } from './adapters/address/create-address-verifier';
import { createCellularCarrier } from './adapters/carrier/create-cellular-carrier';
import { createFileStorage } from './adapters/files/create-file-storage';
import { createMailer } from './adapters/mail/create-mailer';
import type { Mailer } from './adapters/mail/mailer';
import { createPaymentProcessor } from './adapters/payments/create-payment-processor';
import { createSmsVoiceSender } from './adapters/sms/create-sms-voice-sender';
import { createSalesTax } from './adapters/tax/create-sales-tax';
import { createPostageRates } from './adapters/postage/create-postage-rates';
import { createWebPushSender } from './adapters/push/web-push-sender';
import { getVapidKeys } from './modules/push/vapid-keys';
import type { AppContext } from './context';
import { evaluateAlarms } from './modules/alarms/alarm-engine';
import { createAlarmFollowUpQueue } from './modules/alarms/alarm-follow-ups.job';
import { startLiveHub } from './modules/telemetry/live-hub';
import { BRANDS } from './platform/config/brands';
import type { Config } from './platform/config/config';
import { openDatabase, type Database } from './platform/database/database';
import { migrate } from './platform/database/migrate';
import type { DB } from './platform/database/schema';
import { startJobQueue, type JobQueue } from './platform/jobs/queue';
import { createMetrics } from './platform/observability/metrics';

/** Where the context's parts log: the server's logger, stderr for the admin commands, nowhere in tests. */
export type ContextLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export type ContextOptions = {
  log: ContextLog;
  /**
   * An open database to build on (the tests open a fresh one per file); it becomes the context's
   * and is closed with it. By default the one `config` names is opened here.
   */
  database?: Database;
  /** pg-boss's schema; tests sharing one PostgreSQL server give each file its own. */
  jobSchema?: string;
  /** The clock; the real one by default. */
  now?: () => Date;
  /** The login slow-down's wait; a real timer by default. */
  sleep?: (ms: number) => Promise<void>;
  /** A mailer instead of the configured one (tests capture mail or use a local SMTP server). */
  mailer?: (deps: { db: Kysely<DB> }) => Mailer;
};

export type RunningContext = {
  ctx: AppContext;
  /** The database the context is built on (its kind decides the admin socket). */
  database: Database;
  /** The queue with its `stop`, for the workers a process starts on it (server.ts). */
  jobs: JobQueue;
  /** Stops the live hub and the queue, closes the mailer and the database; after the app closed. */
  close: () => Promise<void>;
};

/**
 * The one way to build the app's context (decision 026): opens and migrates the database, builds
 * the mailer and the SMS/voice sender from the configuration, starts the job queue and the live
 * hub, and registers the listeners that run after each stored batch of reports. The server, the
 * tests and the admin commands all come through here, so every port is present and a service
 * never asks whether one exists.
 */
export async function createContext(
  config: Config,
  options: ContextOptions,
): Promise<RunningContext> {
  const { log } = options;
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? {
            url: config.databaseUrl,
            onConnectionLost: (error) =>
              log.warn({ err: error }, 'database connection lost; the next query opens another'),
          }
        : { dataDir: config.dataDir },
    ));
  // Undone in reverse order by `close`, or at once when a later step fails.
  const stops: (() => unknown)[] = [() => database.close()];
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    // The queue and the live channel open connections of their own on a PostgreSQL server.
    const databaseUrl = database.kind === 'postgres' ? config.databaseUrl : undefined;
    if (database.kind === 'postgres' && !databaseUrl)
      throw new Error('createContext: a PostgreSQL database needs config.databaseUrl');
    const { db } = database;
    await migrate(db);
    const mailer =
      options.mailer?.({ db }) ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
    stops.push(() => mailer.close());
    const sms = await createSmsVoiceSender({ twilio: config.twilio, db, log });
    const now = options.now ?? (() => new Date());
    const files = await createFileStorage(config.files, now);
    const payments = await createPaymentProcessor({
      braintree: config.braintree,
      db,
      now,
      cardFieldsOrigin: config.cardFieldsOrigin,
    });
    // After the migrations: pg-boss keeps its own schema and creates or upgrades it on start.
    const metrics = createMetrics();
    const jobs = await startJobQueue({
      db,
      databaseUrl,
      schema: options.jobSchema,
      log,
      metrics,
    });
    stops.push(() => jobs.stop());
    // The engine schedules alarm follow-ups in any process that ingests; the server works them.
    await createAlarmFollowUpQueue(jobs);
    // One NOTIFY per stored batch on PostgreSQL, in-process on PGlite (decision 012).
    const live = await startLiveHub({ db, databaseUrl, log });
    stops.push(() => live.close());
    const ctx: AppContext = {
      config,
      db,
      mailer,
      sms,
      jobs,
      brands: BRANDS,
      files,
      payments,
      addresses: await createAddressVerifier(config.smarty, log),
      tax: await createSalesTax(config, log),
      postage: await createPostageRates(config, log),
      carrier: await createCellularCarrier(config.twilioSim, log),
      push: createWebPushSender(
        async () => ({
          subject: config.push.vapidSubject,
          ...(await getVapidKeys(db, config.push)),
        }),
        log,
      ),
      now,
      sleep: options.sleep ?? ((ms) => wait(ms).then(() => undefined)),
      // The one place they are registered: alarm evaluation (decision 011), then the live channel.
      onReportsStored: [evaluateAlarms, live.listener],
      live,
      metrics,
    };
    metrics.observe({
      liveSockets: live.countSubscribers,
      poolUse: database.poolUse,
      waitingJobs: jobs.countWaiting,
    });
    return { ctx, database, jobs, close };
  } catch (error) {
    await close();
    throw error;
  }
}
