import { appendFileSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BACKFILL_DAYS } from './backfill';
import { startControlServer } from './control-server';
import { parseDeviceCredentials } from './device-file';
import { startSimulator } from './simulator';

const USAGE = `Usage: npm run simulate -- --url <server> --devices <file.json | -> --interval <seconds>
                         [--backfill-days ${DEFAULT_BACKFILL_DAYS}] [--backfill-interval <seconds>]
                         [--poll 5] [--batch 500] [--ack-log <file>] [--control-port <port>]
                         [--no-random-events]

  --devices   the JSON printed by \`npm run admin -- provision-devices --json\` (a file, or - for stdin)
  --interval  seconds between a unit's readings
  --poll      seconds between an idle unit's calls for commands (default 5)
  --backfill-days  days of history sent first (default ${DEFAULT_BACKFILL_DAYS}; 0 for none); a unit
              with BackfillFrom in the file (its last stored report) gets only the gap after it
  --backfill-interval  seconds between back-filled readings (default: --interval)
  --batch     reports per call at most (default 500, the protocol's limit)
  --ack-log   appends "<IMEI> <ReportTimestamp>" for every report a 200 answer made durable
  --control-port  listens on 127.0.0.1:<port> for changes to a unit's conditions, e.g.
              curl -X POST localhost:<port>/units/<serial>/events -d '{"kind":"coolingFailure","minutes":30}'
              (kinds: coolingFailure, temperatureExcursion, powerCut, waterLeak, motion; optional depth in °F)
  --no-random-events  only the events started through the control port happen (for tests)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function readPositive(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined) return fallback ?? fail(`--${name} is required`);
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) fail(`--${name} must be a number of 0 or more`);
  return number;
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    devices: { type: 'string' },
    interval: { type: 'string' },
    poll: { type: 'string' },
    'backfill-days': { type: 'string' },
    'backfill-interval': { type: 'string' },
    batch: { type: 'string' },
    'ack-log': { type: 'string' },
    'control-port': { type: 'string' },
    'no-random-events': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.url) fail('--url is required');
if (!values.devices) fail('--devices is required');

// npm runs the workspace script inside apps/simulator; a relative path means where npm was run.
const devicesPath = resolve(process.env.INIT_CWD ?? process.cwd(), values.devices);
const text = readFileSync(values.devices === '-' ? 0 : devicesPath, 'utf8');
const devices = parseDeviceCredentials(text);
if (devices.length === 0) fail(`no device with an IMEI and a device key in ${values.devices}`);
const intervalSeconds = readPositive(values.interval, 'interval');
if (intervalSeconds <= 0) fail('--interval must be above 0');

const batchSize = readPositive(values.batch, 'batch', 500);
if (batchSize < 1 || batchSize > 500) fail('--batch must be from 1 to 500');
const backfillInterval = readPositive(values['backfill-interval'], 'backfill-interval', 0);
const ackLog =
  values['ack-log'] && resolve(process.env.INIT_CWD ?? process.cwd(), values['ack-log']);

const simulator = startSimulator({
  url: values.url,
  devices,
  intervalSeconds,
  pollSeconds: readPositive(values.poll, 'poll', 5) || 5,
  backfillDays: readPositive(values['backfill-days'], 'backfill-days', DEFAULT_BACKFILL_DAYS),
  ...(backfillInterval > 0 && { backfillIntervalSeconds: backfillInterval }),
  batchSize,
  randomEvents: !values['no-random-events'],
  // Written synchronously on each 200, so every line is a report the server made durable.
  ...(ackLog && {
    onAcknowledged: (imei: string, reports: { ReportTimestamp: string }[]) =>
      appendFileSync(ackLog, reports.map((r) => `${imei} ${r.ReportTimestamp}\n`).join('')),
  }),
  log: {
    info: (message) => console.log(`${new Date().toISOString()} ${message}`),
    warn: (message) => console.warn(`${new Date().toISOString()} ${message}`),
  },
});

const controlPort = readPositive(values['control-port'], 'control-port', 0);
if (controlPort > 0) {
  await startControlServer(controlPort, simulator.devices);
  console.log(`Simulator control on http://127.0.0.1:${controlPort}/units`);
}

let isStopping = false;
const stop = () => {
  // A second signal while stopping quits at once.
  if (isStopping) process.exit(1);
  isStopping = true;
  void simulator.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Started by `npm start`'s launcher: when it dies (even by SIGKILL) its IPC channel closes —
// perhaps already, while this process was starting.
if (process.send && !process.connected) stop();
else process.once('disconnect', stop);
