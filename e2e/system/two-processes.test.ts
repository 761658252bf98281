import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  createSystemDatabase,
  deviceAuthorization,
  provisionUnits,
  registerCustomer,
  startProduct,
  type Product,
  type ProvisionedUnit,
} from './support/product';

/**
 * Two real server processes on one PostgreSQL database, as a scaled-out deployment runs them
 * (docs/scaling.md): a report taken by one reaches live sockets held by the other, and an alarm
 * both see is delivered once. The embedded database admits one process, so this needs
 * DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL;

type Reading = { ReportTimestamp: string; Temperature: number; Humidity: number; Power: number };

async function postReports(product: Product, unit: ProvisionedUnit, reports: Reading[]) {
  const response = await fetch(`${product.url}/device-api/v1/reports`, {
    method: 'POST',
    headers: { authorization: deviceAuthorization(unit), 'content-type': 'application/json' },
    body: JSON.stringify({ Reports: reports }),
  });
  expect(response.status).toBe(200);
}

/** Opens the live channel as a browser would and collects what it receives. */
async function openLive(product: Product, imei: string, token: string) {
  const url = `${product.url.replace('http', 'ws')}/live?imei=${imei}&access_token=${token}`;
  const socket = new WebSocket(url);
  const received: unknown[] = [];
  let onMessage: () => void = () => undefined;
  socket.on('message', (data: Buffer) => {
    received.push(JSON.parse(data.toString()));
    onMessage();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    /** Resolves once `count` messages have arrived. */
    waitFor: (count: number) =>
      new Promise<void>((resolve) => {
        onMessage = () => received.length >= count && resolve();
        onMessage();
      }),
  };
}

describe.skipIf(!serverUrl)(
  'two server processes on one PostgreSQL database (issue #4; skipped on the embedded database, which admits one process)',
  () => {
    let database: Awaited<ReturnType<typeof createSystemDatabase>>;
    let a: Product;
    let b: Product;
    let db: pg.Client;
    let unit: ProvisionedUnit;
    let customer: { userId: number; token: string; email: string };
    let userDeviceId: number;
    /**
     * A moment after the registration: the owner sees, and alarms judge, only readings from the
     * registration on (decision 017), so the test's readings are stamped after it, never ahead
     * of the clock.
     */
    let registeredAt: number;
    const afterRegistration = async (ms: number) => {
      const at = registeredAt + ms;
      while (Date.now() <= at) await new Promise((resolve) => setTimeout(resolve, 50));
      return new Date(at).toISOString();
    };
    beforeAll(async () => {
      database = await createSystemDatabase(serverUrl!);
      const env = { DATABASE_URL: database.url };
      // The first process applies the migrations; the second starts on the migrated database.
      a = await startProduct({ env });
      const [second, units] = await Promise.all([startProduct({ env }), provisionUnits(env)]);
      b = second;
      unit = units[0]!;
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
      customer = await registerCustomer(a.url);
      const registered = await callJson<{ Id: number }>(
        `${b.url}/api/users/${customer.userId}/devices`,
        {
          method: 'POST',
          token: customer.token,
          body: { SerialNumber: unit.SerialNumber, Name: 'Walk-in freezer' },
        },
      );
      userDeviceId = registered.Id;
      registeredAt = Date.now();
    });
    afterAll(async () => {
      await db?.end();
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it('a report posted to process A reaches a live socket held by process B, once', async () => {
      const live = await openLive(b, unit.IMEI, customer.token);
      const reading = {
        ReportTimestamp: await afterRegistration(1_000),
        Temperature: 68.5,
        Humidity: 40,
        Power: 1,
        SignalStrength: 21,
      };
      await postReports(a, unit, [reading]);
      await live.waitFor(1);
      expect(live.received[0]).toEqual({
        message_type: 'device_single_report',
        message_body: {
          timestamp: reading.ReportTimestamp,
          temp: 68.5,
          humidity: 40,
          signal_strength: 21,
          power: 1,
          water: null,
          motion: null,
        },
      });
      // Once: the next message is the next reading (B heard A's NOTIFY and its own, nothing twice).
      const next = { ...reading, ReportTimestamp: await afterRegistration(1_500) };
      await postReports(b, unit, [next]);
      await live.waitFor(2);
      expect(live.received[1]).toMatchObject({
        message_body: { timestamp: next.ReportTimestamp },
      });
      expect(live.received).toHaveLength(2);
      live.socket.close();
    });

    it('an out-of-range reading sent to both processes at the same moment opens one alarm event and delivers each TEMP notification once (decision 011)', async () => {
      const hot = async (msAfterRegistration: number): Promise<Reading> => ({
        ReportTimestamp: await afterRegistration(msAfterRegistration),
        Temperature: 120,
        Humidity: 40,
        Power: 1,
      });
      const [first, second] = [await hot(2_000), await hot(2_500)];
      // Each reading reaches both processes at once (a unit retrying through a load balancer),
      // so both evaluate the change into alarm side by side.
      await Promise.all([
        postReports(a, unit, [first]),
        postReports(b, unit, [first]),
        postReports(a, unit, [second]),
        postReports(b, unit, [second]),
      ]);
      const events = await db.query<{ id: number }>(
        `SELECT id FROM alarm_events WHERE user_device_id = $1 AND alarm_type = 'TEMP'`,
        [userDeviceId],
      );
      expect(events.rows).toHaveLength(1);
      const temp = await db.query<{ id: number }>(
        `SELECT id FROM notifications WHERE user_device_id = $1 AND alarm_type = 'TEMP' ORDER BY id`,
        [userDeviceId],
      );
      expect(temp.rows.length).toBeGreaterThan(0);
      const queued = await db.query<{ notification_id: number; n: string }>(
        `SELECT notification_id, count(*) AS n FROM deliveries WHERE alarm_event_id = $1
         GROUP BY notification_id ORDER BY notification_id`,
        [events.rows[0]!.id],
      );
      expect(queued.rows).toEqual(temp.rows.map((row) => ({ notification_id: row.id, n: '1' })));
      // Both processes run a delivery worker: wait until the queue has sent them, then count
      // what reached the outbox.
      for (;;) {
        const pending = await db.query(
          `SELECT 1 FROM deliveries WHERE alarm_event_id = $1 AND status = 'queued'`,
          [events.rows[0]!.id],
        );
        if (pending.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const sent = await db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM deliveries WHERE alarm_event_id = $1`,
        [events.rows[0]!.id],
      );
      expect(sent.rows.map((row) => row.status)).toEqual(temp.rows.map(() => 'sent'));
      const mail = await db.query(
        `SELECT 1 FROM outbox_messages WHERE recipient = $1 AND subject LIKE 'ALARM:%'`,
        [customer.email],
      );
      expect(mail.rowCount).toBe(1);
    });

    it('refuses a live socket on process B before the upgrade: 404 for another user’s unit, 401 without a session', async () => {
      const stranger = await registerCustomer(a.url);
      const refusal = (query: string) =>
        new Promise<{ status: number; body: unknown }>((resolve, reject) => {
          const socket = new WebSocket(`${b.url.replace('http', 'ws')}/live?${query}`);
          socket.once('unexpected-response', (_request, response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }),
            );
          });
          socket.once('open', () => reject(new Error('the upgrade was accepted')));
        });
      expect(await refusal(`imei=${unit.IMEI}&access_token=${stranger.token}`)).toEqual({
        status: 404,
        body: { error: { code: 404, message: 'Device not found.' } },
      });
      expect(await refusal(`imei=${unit.IMEI}`)).toMatchObject({
        status: 401,
        body: { error: { code: 401 } },
      });
    });
  },
);
