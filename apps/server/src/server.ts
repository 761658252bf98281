import { pino } from 'pino';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './platform/config/config';
import { buildApp } from './app';
import { startAdminSocket } from './admin/admin-socket';
import { createContext } from './create-context';
import { startDeliveryWorker } from './modules/outbox/deliver-notification.job';
import { seedDemo } from './demo/seed';
import { startNoCallWatchdog } from './modules/alarms/nocall-watchdog';
import { startAlarmFollowUps } from './modules/alarms/alarm-follow-ups.job';
import { startWeeklyReports } from './modules/history/weekly-report.job';
import { startBillingRun } from './modules/billing/billing-run.job';
import { startReadingsPartitions } from './modules/telemetry/readings-partitions.job';
import { createLogger } from './platform/config/logger';
import { startAutovacuum } from './platform/database/autovacuum';

const config = loadConfig();
const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
// LOG_FILE: JSON lines appended to a file (a log shipper's input) instead of standard output.
const log = createLogger(
  config.logLevel,
  config.logFile ? pino.destination({ dest: config.logFile, sync: true, mkdir: true }) : undefined,
);
const running = await createContext({ ...config, webDist }, { log });
const { ctx, database } = running;
// This process works the queue too: it sends deliveries, takes NOCALL ticks (decision 011) and
// makes the weekly reports (decision 032), runs the billing (decision 036) and keeps the readings'
// monthly partitions (made ahead, dropped past retention; decision 074).
await startDeliveryWorker(ctx, running.jobs);
await startNoCallWatchdog(ctx, running.jobs);
await startAlarmFollowUps(ctx, running.jobs);
await startWeeklyReports(ctx, running.jobs);
await startBillingRun(ctx, running.jobs, { log });
await startReadingsPartitions(ctx, running.jobs, { log });
// PGlite has no autovacuum of its own: this process runs it (decision 079).
const stopAutovacuum =
  database.kind === 'pglite' ? startAutovacuum(ctx.db, { log }) : async () => undefined;
const app = await buildApp({ ctx, logger: log });
if (config.seedDemo) await seedDemo(ctx, log);
// The embedded database admits this process only: admin commands reach it through a socket.
const stopAdminSocket =
  database.kind === 'pglite'
    ? await startAdminSocket({
        ctx: { ...ctx, database },
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
    .then(() => stopAutovacuum())
    .then(() => running.close())
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
