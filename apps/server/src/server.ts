import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { BRANDS } from './config/brands';
import { loadConfig } from './config/config';
import { buildApp } from './app';
import { startAdminSocket } from './admin/admin-socket';
import { createMailer } from './adapters/mail/mailer';
import { createSmsVoiceSender } from './adapters/sms/sms-voice-sender';
import { startDeliveryWorker } from './jobs/deliver-notification.job';
import { startJobQueue } from './jobs/queue';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './demo/seed';
import { startLiveHub } from './telemetry/live-hub';
import { evaluateAlarms } from './telemetry/alarm-engine';
import { startNoCallWatchdog } from './telemetry/nocall-watchdog';
import { createLogger } from './config/logger';
import type { AppContext } from './context';

const config = loadConfig();
const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
await migrate(database.db);

const log = createLogger(config.logLevel);
const ctx: AppContext = {
  config: { ...config, webDist },
  db: database.db,
  brands: BRANDS,
  now: () => new Date(),
  sleep: async (ms) => {
    await sleep(ms);
  },
  onReportsStored: [],
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log }),
  sms: createSmsVoiceSender({ twilio: config.twilio, db: database.db, log }),
};
// After the migrations: pg-boss keeps its own schema and creates or upgrades it on start.
ctx.jobs = await startJobQueue({
  db: database.db,
  databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
  log,
});
await startDeliveryWorker(ctx, ctx.jobs);
await startNoCallWatchdog(ctx, ctx.jobs);
// Alarm evaluation after each stored batch (decision 011).
ctx.onReportsStored.push(evaluateAlarms);
// The live channel: one NOTIFY per stored batch on PostgreSQL, in-process on PGlite (decision 012).
ctx.live = await startLiveHub({
  db: database.db,
  databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
  log,
});
ctx.onReportsStored.push(ctx.live.listener);
const app = await buildApp({ ctx, logger: log });
if (config.seedDemo) await seedDemo(ctx, log);
// The embedded database admits this process only: admin commands reach it through a socket.
const stopAdminSocket =
  database.kind === 'pglite'
    ? await startAdminSocket({
        db: database.db,
        dataDir: config.dataDir,
        defaultTenantId: config.defaultTenantId,
      })
    : async () => undefined;

// Graceful shutdown: stop taking requests, finish the ones in flight, then close the database.
let isClosing = false;
function shutDown(reason: string): void {
  if (isClosing) return;
  isClosing = true;
  app.log.info(`${reason}: shutting down`);
  void app
    .close()
    .then(() => stopAdminSocket())
    .then(() => ctx.live?.close())
    .then(() => ctx.jobs?.stop())
    .then(() => ctx.mailer.close())
    .then(() => database.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => shutDown(signal));
// Started by `npm start`'s launcher: its IPC channel closes when the launcher dies, even by
// SIGKILL (a test runner's stop), and then this process must not outlive it.
// `connected` is already false when the launcher died while this process was starting.
if (process.send && !process.connected) shutDown('launcher gone');
else process.once('disconnect', () => shutDown('launcher gone'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Monitoring is running at ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
);
