import { parseArgs } from 'node:util';

/** How a soak run is shaped; every value has a default, so `npm run soak` alone is the run. */
export type SoakOptions = {
  units: number;
  users: number;
  /** The measured period, after the warm-up. */
  minutes: number;
  /** Seconds between a unit's readings (60: a unit reports every minute, as in the field). */
  intervalSeconds: number;
  /** Seconds of load before the measured period, whose figures are not kept (RSS's baseline is its end). */
  warmupSeconds: number;
  /** Share of the units that start a fault in each reporting interval. */
  faultShare: number;
  /** Mean seconds between one user's actions. */
  thinkSeconds: number;
  /** PostgreSQL (DATABASE_URL) only: server processes behind the soak's one port. */
  processes: number;
  databaseUrl: string | undefined;
};

export const USAGE = `Usage: npm run soak -- [--units 1000] [--users 50] [--minutes 10] [--interval 60]
                      [--warmup <seconds>] [--fault-share 0.01] [--think 6] [--processes 2]

  --units        simulated units (the simulator's own code), each reporting every --interval seconds
  --users        customers who sign in, keep dashboards open on the live sockets, read history and
                 change ranges and notifications through the HTTP API, as the web app does
  --minutes      the measured period (after the warm-up; a drain follows until every fault's
                 all-clear and e-mails are in)
  --interval     seconds between a unit's readings; 60 as in the field, shorter for a short run
                 (CI: --minutes 1 --interval 10 gives six rounds and faults that open and clear)
  --warmup       seconds of load before the measured period (default: 2 intervals, 60–120 s)
  --fault-share  share of the units that start a fault (cooling failure or power cut) each interval
  --think        mean seconds between one user's actions
  --processes    with DATABASE_URL: server processes behind one port (default 2); the embedded
                 database admits one`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function readNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) fail(`--${name} must be a number above 0`);
  return number;
}

export function readOptions(args: string[], env: NodeJS.ProcessEnv): SoakOptions {
  const { values } = parseArgs({
    args,
    options: {
      units: { type: 'string' },
      users: { type: 'string' },
      minutes: { type: 'string' },
      interval: { type: 'string' },
      warmup: { type: 'string' },
      'fault-share': { type: 'string' },
      think: { type: 'string' },
      processes: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const units = Math.round(readNumber(values.units, 'units', 1000));
  const users = Math.round(readNumber(values.users, 'users', 50));
  if (users > units) fail('--users must be at most --units: every user owns a unit');
  const intervalSeconds = readNumber(values.interval, 'interval', 60);
  const faultShare = readNumber(values['fault-share'], 'fault-share', 0.01);
  if (faultShare > 0.2) fail('--fault-share must be at most 0.2');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    units,
    users,
    minutes: readNumber(values.minutes, 'minutes', 10),
    intervalSeconds,
    warmupSeconds: readNumber(
      values.warmup,
      'warmup',
      // Long enough for the server's heap to reach its working size (a minute or so).
      Math.min(120, Math.max(60, 2 * intervalSeconds)),
    ),
    faultShare,
    thinkSeconds: readNumber(values.think, 'think', 6),
    processes: databaseUrl ? Math.round(readNumber(values.processes, 'processes', 2)) : 1,
    databaseUrl,
  };
}
