import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../platform/config/config';
import { DEMO_FLEET_FILE } from './fleet';

/**
 * `npm start` (decision 013): the server and, unless SIMULATOR=off, the simulator driving the demo
 * fleet, as two processes that stop together. The simulator is started as its own command line
 * and talks to the server over HTTP only, as a real unit would.
 */

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const SIMULATOR_CLI = fileURLToPath(new URL('../../../simulator/src/cli.ts', import.meta.url));
/** A whole number of 0 or more from the environment, or the default; anything else stops here. */
function readCount(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text)) {
    console.error(`[npm start] ${name} must be a whole number of 0 or more, not "${text}".`);
    process.exit(2);
  }
  return Number(text);
}

/** Live readings every minute keep the dashboard moving; the history is a reading per 15 minutes. */
const LIVE_INTERVAL_SECONDS = Math.max(1, readCount('SIMULATOR_INTERVAL', 60));
const BACKFILL_DAYS = readCount('SIMULATOR_BACKFILL_DAYS', 90);
const BACKFILL_INTERVAL_SECONDS = 900;
/** Where the simulator takes changes to a unit's conditions (apps/simulator/src/control-server.ts); 0 for none. */
const CONTROL_PORT = readCount('SIMULATOR_CONTROL_PORT', 0);
/** `off`: only the events started through the control port happen (the browser journeys). */
const RANDOM_EVENTS = process.env.SIMULATOR_RANDOM_EVENTS !== 'off';
/** Reports a call: the batch size the ingest bench measures. */
const BATCH_SIZE = 100;
/** After a stop is asked, children that have not exited by then are killed. */
const STOP_GRACE_MS = 10_000;

// Where `npm run serve` runs the server, so a relative DATA_DIR means the same folder for both.
process.chdir(fileURLToPath(new URL('../..', import.meta.url)));
const config = loadConfig();
const startedAt = Date.now();
const children = new Map<string, ChildProcess>();
let isStopping = false;

function say(message: string): void {
  console.log(`[npm start] ${message}`);
}

/** Runs a TypeScript entry point in a process group of its own, so signals reach only it. */
function run(name: string, entry: string, args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    // The IPC channel lets a child see this process die, even by SIGKILL, which no signal tells it.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  children.set(name, child);
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (isStopping) {
      if (children.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // One process dying stops the other: a demo with half of it gone would mislead.
    say(`${name} exited (${signal ?? `code ${code}`}); stopping the rest`);
    process.exitCode = code === 0 ? 0 : 1;
    stopAll();
  });
  return child;
}

function signalAll(signal: NodeJS.Signals): void {
  for (const child of children.values()) {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function stopAll(): void {
  if (isStopping) return;
  isStopping = true;
  if (children.size === 0) process.exit(process.exitCode ?? 0);
  signalAll('SIGTERM');
  setTimeout(() => signalAll('SIGKILL'), STOP_GRACE_MS).unref();
}

// npm passes a Ctrl-C on as well as the terminal, so repeats are ignored; the grace timer kills.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stopAll);
// A SIGTERM to `npm start` ends npm's shell but not this process: a new parent means stop.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) stopAll();
}, 1000).unref();

/** Waits until the server answers and has written this start's fleet file; null if it never does. */
async function waitForFleet(url: string, path: string): Promise<number | null> {
  while (!isStopping) {
    try {
      const isUp = (await fetch(`${url}/api/brands`)).ok;
      // The server writes the file before it listens; an older file holds keys no longer valid.
      if (isUp && statSync(path).mtimeMs >= startedAt - 1000) {
        return (JSON.parse(readFileSync(path, 'utf8')) as unknown[]).length;
      }
    } catch {
      // not up yet, or no file yet
    }
    await sleep(250);
  }
  return null;
}

run('server', SERVER_ENTRY);

if (process.env.SIMULATOR === 'off') {
  say('SIMULATOR=off: the server runs alone.');
} else if (!config.seedDemo) {
  say('DEMO_SEED=false: no demo fleet, so no simulator.');
} else {
  const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
  // Absolute: the simulator reads a relative path from where npm was run (INIT_CWD).
  const fleetFile = resolve(config.dataDir, DEMO_FLEET_FILE);
  const units = await waitForFleet(url, fleetFile);
  if (units !== null && !isStopping) {
    say(`Simulating ${units} demo units against ${url} (SIMULATOR=off to disable).`);
    run('simulator', SIMULATOR_CLI, [
      `--url=${url}`,
      `--devices=${fleetFile}`,
      `--interval=${LIVE_INTERVAL_SECONDS}`,
      `--backfill-days=${BACKFILL_DAYS}`,
      `--backfill-interval=${BACKFILL_INTERVAL_SECONDS}`,
      `--batch=${BATCH_SIZE}`,
      ...(CONTROL_PORT > 0 ? [`--control-port=${CONTROL_PORT}`] : []),
      ...(RANDOM_EVENTS ? [] : ['--no-random-events']),
    ]);
  }
}
