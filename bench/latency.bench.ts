import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import WebSocket from 'ws';
import { LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX } from '@monitor/contract/live';
import {
  callJson,
  deviceAuthorization,
  formatRatio,
  freshDatabase,
  percentile,
  provisionUnits,
  registerOwner,
  startProduct,
  type ProvisionedUnit,
} from './support';

/**
 * Latency of what a report sets off, on the product as `npm run serve` starts it:
 * - report → live message: a unit posts one reading; the owner's `/live` WebSocket receives it.
 * - report → alarm delivery: a reading out of range (the default 40–85 °F) opens an alarm whose
 *   e-mail delivery row appears in `deliveries` (queued), and the job queue then sends the e-mail
 *   (here into the local outbox, polled through `GET /api/outbox`); the next reading, back in
 *   range, closes it with an all-clear, so every round starts from normal.
 * - fault at the unit → alarm state on an open dashboard (decision 021): the simulator runs the
 *   owner's units (more than 9, so no per-unit channel opens) reporting every 60 s; a cooling
 *   failure started through its control port (decision 016) makes the unit report at once, and
 *   the owner's `/live/alarms` socket, as an open /devices page holds it, receives the opening.
 * Baselines measured side by side in the same run: the same report's HTTP 200, and a plain
 * authenticated GET; against the fault, the 60 s reporting rhythm is what the page waited for. On PostgreSQL a bare client polls `deliveries` while the server runs; the
 * embedded database admits one process, so there each row's `created_at` (the same machine's
 * clock) is read after the server has stopped.
 */
const PORT = 3954;
const LIVE_ROUNDS = 60;
const ALARM_ROUNDS = 15;
const TIMEOUT_MS = 15_000;
/** Units of the fault rounds: one round each, every unit starting from normal. */
const FAULT_ROUNDS = 20;
const SIMULATOR_INTERVAL_S = 60;

type Reading = { ReportTimestamp: string; Temperature: number };

class Clock {
  private last = 0;
  /** A report time after every earlier one: two readings in the same millisecond are duplicates. */
  next(): string {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last).toISOString();
  }
}

/** Posts one reading; answers the milliseconds until the HTTP 200. */
async function postReading(url: string, unit: ProvisionedUnit, reading: Reading): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/device-api/v1/reports`, {
    method: 'POST',
    headers: { authorization: deviceAuthorization(unit), 'content-type': 'application/json' },
    body: JSON.stringify({
      Reports: [{ ...reading, Humidity: 40, Power: 1, SignalStrength: 20 }],
    }),
  });
  if (!response.ok) throw new Error(`report failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** The owner's live socket: resolves `waitFor(timestamp)` when that reading's message arrives. */
async function openLive(url: string, imei: string, token: string) {
  const socket = new WebSocket(
    `${url.replace('http', 'ws')}/live?imei=${imei}&access_token=${encodeURIComponent(token)}`,
  );
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  socket.on('message', (data: Buffer) => {
    const at = performance.now();
    const message = JSON.parse(data.toString()) as {
      message_type: string;
      message_body: { timestamp: string };
    };
    if (message.message_type !== 'device_single_report') return;
    const timestamp = new Date(message.message_body.timestamp).toISOString();
    const waiter = waiters.get(timestamp);
    if (waiter) waiter(at);
    else arrivals.set(timestamp, at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`/live refused: ${response.statusCode} (is the live channel in?)`)),
    );
    socket.once('error', reject);
  });
  return {
    waitFor: (timestamp: string): Promise<number> => {
      const arrived = arrivals.get(timestamp);
      if (arrived !== undefined) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no live message for ${timestamp} within ${TIMEOUT_MS} ms`)),
          TIMEOUT_MS,
        );
        waiters.set(timestamp, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    close: () => socket.close(),
  };
}

type Delivery = { id: number; created_at: Date };

const DELIVERIES = `
  SELECT id, created_at FROM deliveries
  WHERE alarm_event_id IS NOT NULL AND id > $1 ORDER BY id`;

/** On PostgreSQL: polls until the next alarm delivery row after `afterId` appears. */
async function pollDelivery(
  client: pg.Client,
  afterId: number,
): Promise<{ row: Delivery; at: number }> {
  const deadline = performance.now() + TIMEOUT_MS;
  for (;;) {
    const { rows } = await client.query<Delivery>(DELIVERIES, [afterId]);
    const at = performance.now();
    if (rows[0]) return { row: rows[0], at };
    if (at > deadline)
      throw new Error(`no alarm delivery after #${afterId} within ${TIMEOUT_MS} ms (engine in?)`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * Polls the local outbox (`GET /api/outbox`, newest first) until an e-mail newer than `afterId`
 * has been sent there; answers its id and when it was seen.
 */
async function pollOutbox(url: string, afterId: number): Promise<{ id: number; at: number }> {
  const deadline = performance.now() + TIMEOUT_MS;
  for (;;) {
    const response = await fetch(`${url}/api/outbox`);
    if (!response.ok) throw new Error(`outbox: ${response.status} (is SMTP_URL set?)`);
    const { messages } = (await response.json()) as { messages: { Id: number }[] };
    const at = performance.now();
    const newest = messages[0]?.Id ?? 0;
    if (newest > afterId) return { id: newest, at };
    if (at > deadline) throw new Error(`no e-mail in the outbox within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The owner's alarm socket, as an open /devices page holds it (token as a subprotocol, decision
 * 020): `waitFor(imei)` resolves when that unit's alarm opening arrives.
 */
async function openAlarms(url: string, token: string) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/live/alarms`, [
    LIVE_PROTOCOL,
    `${LIVE_TOKEN_PROTOCOL_PREFIX}${token}`,
  ]);
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  socket.on('message', (data: Buffer) => {
    const at = performance.now();
    const message = JSON.parse(data.toString()) as {
      message_type: string;
      message_body: { imei: string; is_alarm: boolean };
    };
    if (message.message_type !== 'alarm_state' || !message.message_body.is_alarm) return;
    const { imei } = message.message_body;
    const waiter = waiters.get(imei);
    if (waiter) waiter(at);
    else if (!arrivals.has(imei)) arrivals.set(imei, at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`/live/alarms refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return {
    waitFor: (imei: string): Promise<number> => {
      const arrived = arrivals.get(imei);
      if (arrived !== undefined) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no alarm state for ${imei} within ${TIMEOUT_MS} ms`)),
          TIMEOUT_MS,
        );
        waiters.set(imei, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    close: () => socket.close(),
  };
}

/**
 * The simulator on the owner's units, as `npm start` runs it, with its control port; resolves
 * once every unit has reported (the owner's list shows a last reading for each).
 */
async function startSimulator(
  productUrl: string,
  units: readonly ProvisionedUnit[],
  owner: { userId: number; token: string },
  controlPort: number,
): Promise<() => void> {
  const file = join(mkdtempSync(join(tmpdir(), 'monitor-bench-sim-')), 'units.json');
  writeFileSync(file, JSON.stringify(units));
  const child = spawn(
    'npm',
    [
      'run',
      '--silent',
      'simulate',
      '--',
      '--url',
      productUrl,
      '--devices',
      file,
      '--interval',
      String(SIMULATOR_INTERVAL_S),
      '--backfill-days',
      '0',
      '--control-port',
      String(controlPort),
    ],
    { cwd: new URL('..', import.meta.url).pathname, stdio: 'ignore', detached: true },
  );
  const stop = () => process.kill(-child.pid!, 'SIGTERM');
  const deadline = Date.now() + 120_000;
  for (;;) {
    const devices = await callJson<{ LastRead: unknown }[]>(
      `${productUrl}/api/users/${owner.userId}/devices`,
      { token: owner.token },
    );
    if (devices.length === units.length && devices.every((device) => device.LastRead)) {
      // Report times are whole seconds: a fault reported in the same second as the unit's first
      // report would be a duplicate of it, and dropped.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      break;
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('the simulated units did not all report within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return stop;
}

/** Starts a cooling failure in a simulated unit's place; the unit reports at once (decision 016). */
async function startCoolingFailure(controlPort: number, serialNumber: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${controlPort}/units/${serialNumber}/events`, {
    method: 'POST',
    body: JSON.stringify({ kind: 'coolingFailure', minutes: 60 }),
  });
  if (response.status !== 202)
    throw new Error(`simulator control: ${response.status} ${await response.text()}`);
}

function summary(label: string, values: readonly number[]): string {
  return `${label}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (n=${values.length})`;
}

export async function benchLatency(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-latency-'));
  const database = await freshDatabase();
  const where = { dataDir, databaseUrl: database.url };
  const live: number[] = [];
  const reportOk: number[] = [];
  const plainGet: number[] = [];
  const queued: number[] = [];
  const sent: number[] = [];
  /** Alarm rounds on the embedded database: when each out-of-range reading was posted (epoch ms). */
  const postedAt: number[] = [];
  const faultShown: number[] = [];
  try {
    const [unit, ...faultUnits] = await provisionUnits(where, 1 + FAULT_ROUNDS);
    const product = await startProduct(PORT, where);
    let polling: pg.Client | null = null;
    try {
      const owner = await registerOwner(product.url, [unit!]);
      const socket = await openLive(product.url, unit!.IMEI, owner.token);
      const clock = new Clock();
      const get = `${product.url}/api/users/${owner.userId}?access_token=${owner.token}`;
      for (let round = -5; round < LIVE_ROUNDS; round++) {
        // Rounds below 0 warm up.
        const started = performance.now();
        const response = await fetch(get);
        if (!response.ok) throw new Error(`GET failed: ${response.status}`);
        await response.arrayBuffer();
        const getMs = performance.now() - started;
        const ReportTimestamp = clock.next();
        const posted = performance.now();
        const okMs = await postReading(product.url, unit!, { ReportTimestamp, Temperature: 70 });
        const liveMs = (await socket.waitFor(ReportTimestamp)) - posted;
        if (round < 0) continue;
        plainGet.push(getMs);
        reportOk.push(okMs);
        live.push(liveMs);
      }
      socket.close();

      if (database.url) {
        polling = new pg.Client({ connectionString: database.url });
        await polling.connect();
      }
      let lastId = 0;
      let lastMailId = 0;
      for (let round = 0; round < ALARM_ROUNDS; round++) {
        // A random pause, so the alarm lands anywhere in the delivery worker's polling interval
        // rather than just after its last poll.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
        postedAt.push(Date.now());
        const posted = performance.now();
        await postReading(product.url, unit!, { ReportTimestamp: clock.next(), Temperature: 96 });
        if (polling) {
          const delivery = await pollDelivery(polling, lastId);
          queued.push(delivery.at - posted);
          lastId = delivery.row.id;
        }
        const mail = await pollOutbox(product.url, lastMailId);
        sent.push(mail.at - posted);
        // Back in range: the all-clear goes out too before the next round starts from normal.
        await postReading(product.url, unit!, { ReportTimestamp: clock.next(), Temperature: 70 });
        if (polling) lastId = (await pollDelivery(polling, lastId)).row.id;
        lastMailId = (await pollOutbox(product.url, mail.id)).id;
      }

      const fleetOwner = await registerOwner(product.url, faultUnits);
      const stopSimulator = await startSimulator(product.url, faultUnits, fleetOwner, PORT + 1);
      try {
        const dashboard = await openAlarms(product.url, fleetOwner.token);
        for (const faulty of faultUnits) {
          // A random pause, so the fault lands anywhere between the unit's regular reports.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
          const started = performance.now();
          await startCoolingFailure(PORT + 1, faulty.SerialNumber);
          faultShown.push((await dashboard.waitFor(faulty.IMEI)) - started);
        }
        dashboard.close();
      } finally {
        stopSimulator();
      }
    } finally {
      await polling?.end();
      product.stop();
    }
    await product.stopped;

    if (!database.url) {
      // The server removes monitor.lock once it has closed the database (job queue stopped first).
      for (let waited = 0; existsSync(join(dataDir, 'monitor.lock')); waited += 200) {
        if (waited > 120_000) throw new Error('the server did not release the data folder');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const db = await PGlite.create(dataDir);
      try {
        // Each round's alarm event made its alarm delivery first, then the all-clear.
        const { rows: events } = await db.query<Delivery>(`
          SELECT DISTINCT ON (alarm_event_id) id, created_at FROM deliveries
          WHERE alarm_event_id IS NOT NULL ORDER BY alarm_event_id, id`);
        // The alarm rounds' events come first; the fault rounds' owner has deliveries too.
        const alarms = events.slice(0, ALARM_ROUNDS);
        if (alarms.length !== ALARM_ROUNDS)
          throw new Error(`expected ${ALARM_ROUNDS} alarm deliveries, found ${alarms.length}`);
        alarms.forEach((row, index) => queued.push(row.created_at.getTime() - postedAt[index]!));
      } finally {
        await db.close();
      }
    }
  } finally {
    await database.drop();
  }

  const kind = database.url ? 'PostgreSQL' : 'embedded';
  console.log(`Report latency, one unit, one reading per report (${kind})`);
  console.log(`  ${summary('baseline: authenticated GET /api/users/{Id}', plainGet)}`);
  console.log(`  ${summary('baseline: report → HTTP 200', reportOk)}`);
  console.log(`  ${summary('report → live message', live)}`);
  console.log(
    `  ${summary(`report → alarm delivery queued${database.url ? '' : ' (row time)'}`, queued)}`,
  );
  console.log(`  ${summary('report → alarm e-mail in the local outbox', sent)}`);
  console.log(
    `  ratio p95 live/GET: ${formatRatio(percentile(live, 95) / percentile(plainGet, 95))}, p95 queued/GET: ${formatRatio(percentile(queued, 95) / percentile(plainGet, 95))}`,
  );
  console.log(
    `Fault at the unit → alarm state on an open dashboard, ${FAULT_ROUNDS} units of one owner, simulator reporting every ${SIMULATOR_INTERVAL_S} s (${kind})`,
  );
  console.log(`  baseline: the next regular report, up to ${SIMULATOR_INTERVAL_S * 1000} ms`);
  console.log(
    `  ${summary('fault → alarm_state on /live/alarms (aim: p95 under 5000 ms)', faultShown)}`,
  );
  console.log(
    `  ratio p95 fault/reporting interval: ${formatRatio(percentile(faultShown, 95) / (SIMULATOR_INTERVAL_S * 1000))}, p95 fault/GET: ${formatRatio(percentile(faultShown, 95) / percentile(plainGet, 95))}`,
  );
}
