import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createAlarmStates } from './alarm-states';
import { checkDeliveries } from './deliveries';
import { createFaults } from './faults';
import { setUpFleet } from './fleet';
import { createLiveReadings } from './live-readings';
import { checkMail, isMailComplete } from './mail-check';
import { startMailSink } from './mail-sink';
import { watchMetrics } from './metrics';
import { readOptions } from './options';
import { printReport } from './report';
import { createSamples } from './samples';
import { readServerLogs } from './server-log';
import { startServers } from './servers';
import { startUnits, type CallWatcher } from './units';
import { createApi } from './user-api';
import { runUser } from './users';
import type { UserContext } from './user-session';

/**
 * `npm run soak` (issue #26): the product under a fleet's steady load for a while, with users on
 * it, checking that nothing leaks, slows or is lost. See docs/operations.md ("Soak") and the
 * figures in docs/scaling.md. Exits 1 when an aim is missed, 2 on a usage error.
 */

const options = readOptions(process.argv.slice(2), process.env);
const run = randomBytes(3).toString('hex');
const samples = createSamples();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(0)} s`;
const started = performance.now();
const loadAtStart = loadavg()[0]!;

const sink = await startMailSink((error: Error & { code?: string }) =>
  samples.error(`mail sink: ${error.code ?? error.message}`),
);
console.log(
  `Soak ${run}: provisioning ${options.units} units and starting the product (${options.databaseUrl ? 'PostgreSQL' : 'embedded'})…`,
);
const { servers, units: provisioned } = await startServers(options, { smtpPort: sink.port });
let exitCode = 1;
let areServersStopped = false;
// The servers run in process groups of their own, which Ctrl-C does not reach: stop them here.
const interrupt = () => {
  console.error('Interrupted: stopping the servers');
  void servers
    .stop()
    .then(() => servers.drop())
    .finally(() => process.exit(130));
};
process.once('SIGINT', interrupt);
process.once('SIGTERM', interrupt);
try {
  console.log(`  product at ${servers.url} (${servers.label}) after ${seconds(started)}`);
  const owners = await setUpFleet(servers.url, provisioned, options.users, run);
  const units = owners.flatMap((owner) => owner.units);
  console.log(`  ${owners.length} users own ${units.length} units, after ${seconds(started)}`);

  const liveReadings = createLiveReadings(samples);
  const alarmStates = createAlarmStates(samples);
  const watchers: CallWatcher[] = [liveReadings.watcher];
  const fleet = startUnits({
    url: servers.url,
    units,
    intervalSeconds: options.intervalSeconds,
    samples,
    watchers,
  });
  const faults = createFaults({
    units,
    devices: fleet.devices,
    intervalSeconds: options.intervalSeconds,
    share: options.faultShare,
    samples,
    listeners: [alarmStates.listener],
  });
  // Before any call can answer: the units' first calls leave on the next turn of the loop.
  watchers.push(faults.watcher);

  let isStopping = false;
  const context: UserContext = {
    url: servers.url,
    api: createApi(servers.url, samples),
    samples,
    liveReadings,
    alarmStates,
    thinkSeconds: options.thinkSeconds,
    run,
    isStopping: () => isStopping,
  };
  const usersDone = Promise.all(owners.map((owner) => runUser(context, owner)));
  const ticker = setInterval(() => {
    faults.tick();
    const now = performance.now();
    liveReadings.sweep(now);
    alarmStates.sweep(now);
  }, 1000);
  // The machine's load, which moves every latency on a shared machine: shown beside the p95s.
  const loadSeries: { at: number; load: number }[] = [];
  const loadTimer = setInterval(
    () => loadSeries.push({ at: performance.now(), load: loadavg()[0]! }),
    10_000,
  );
  const measuredMs = options.minutes * 60_000;
  const scrapeMs = measuredMs >= 180_000 ? 10_000 : 5_000;
  const metrics = watchMetrics(
    servers.backends.map((backend) => backend.url),
    samples,
    scrapeMs,
  );

  faults.setStarting(true);
  console.log(`Warm-up: ${options.warmupSeconds} s`);
  await sleep(options.warmupSeconds * 1000);
  const soakLag = monitorEventLoopDelay({ resolution: 10 });
  soakLag.enable();
  const measured = { from: performance.now(), to: Number.POSITIVE_INFINITY };
  const rssStart = await metrics.snapshot();
  console.log(`Measuring for ${options.minutes} min`);
  const progress = setInterval(() => {
    const errors = [...samples.errors().values()].reduce((sum, count) => sum + count, 0);
    const rss = metrics.series.map((s) => `${Math.round((s.at(-1)?.rssBytes ?? 0) / 2 ** 20)} MB`);
    console.log(
      `  ${seconds(measured.from)}: ${faults.all.length} faults, ${errors} errors, RSS ${rss.join(' / ')}, load ${loadavg()[0]!.toFixed(1)}`,
    );
  }, 60_000);
  await sleep(measuredMs / 2);
  const rssMiddle = await metrics.snapshot();
  await sleep(measuredMs / 2);
  const rssEnd = await metrics.snapshot();
  measured.to = performance.now();
  soakLag.disable();
  clearInterval(progress);

  // Drain: no new fault; every one clears, and its e-mails arrive (or the time is up).
  faults.setStarting(false);
  console.log('Draining: waiting for every fault to clear and its e-mails to arrive');
  await faults.settle(4 * options.intervalSeconds * 1000 + 60_000);
  const mailDeadline = performance.now() + 120_000;
  while (!isMailComplete(faults.all, sink.received) && performance.now() < mailDeadline) {
    await sleep(500);
  }
  // A moment more, so a second copy sent just after the first is counted.
  await sleep(5_000);
  isStopping = true;
  await usersDone;
  clearInterval(ticker);
  clearInterval(loadTimer);
  const late = { liveReadings: liveReadings.finish(), alarmStates: alarmStates.finish() };
  metrics.stop();
  await fleet.stop();
  const loadAtEnd = loadavg()[0]!;
  const { isLockLeft } = await servers.stop();
  areServersStopped = true;
  if (isLockLeft) {
    // Not an aim of the soak, but worth knowing: see docs/scaling.md, "Soak".
    console.log(
      'Note: the server left its data folder locked: its graceful shutdown was cut short (a second SIGTERM from tsx)',
    );
  }

  const warnings = readServerLogs(
    servers.backends.map((backend) => backend.logFile),
    samples,
  );
  const mail = checkMail(faults.all, sink.received, samples);
  const deliveries = await checkDeliveries(servers.where, faults.all, samples).catch(
    (error: Error) => {
      samples.error(`reading the deliveries: ${error.message}`);
      return { byKindAndStatus: new Map<string, number>(), retried: 0 };
    },
  );
  const missed = printReport({
    options,
    label: servers.label,
    load: { start: loadAtStart, end: loadAtEnd, series: loadSeries },
    samples,
    measured,
    rss: { start: rssStart, middle: rssMiddle, end: rssEnd },
    series: metrics.series,
    scrapeSeconds: scrapeMs / 1000,
    soakLag: { p99Ms: soakLag.percentile(99) / 1e6, maxMs: soakLag.max / 1e6 },
    faults: faults.all,
    mail,
    deliveries,
    warnings,
    late,
    connections: servers.connections(),
  });
  console.log(
    `\n${missed.length === 0 ? 'Every aim met' : `${missed.length} aim(s) missed`} in ${seconds(started)}.`,
  );
  exitCode = missed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  if (!areServersStopped) await servers.stop().catch(() => undefined);
  await sink.close();
  await servers.drop();
  // A run that missed an aim keeps its database and the servers' logs for a look.
  if (exitCode === 0) rmSync(servers.folder, { recursive: true, force: true });
  else console.log(`The run's database and server logs are kept in ${servers.folder}`);
}
process.exit(exitCode);
