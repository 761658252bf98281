import pg from 'pg';
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
 * An escalation survives the process that scheduled it (issue #23, decision 059): two server
 * processes on one PostgreSQL database; the one that took the alarm is killed outright (SIGKILL)
 * while the escalation waits, and the other sends it when its wait is over, once. Needs
 * DATABASE_URL: the embedded database admits one process.
 */
const serverUrl = process.env.DATABASE_URL;
const ESCALATION_ADDRESS = 'neighbour@example.com';

describe.skipIf(!serverUrl)(
  'issue #23 repeat and escalate: a kill -9 during an escalation wait (two processes on PostgreSQL)',
  () => {
    let database: Awaited<ReturnType<typeof createSystemDatabase>>;
    let a: Product;
    let b: Product;
    let db: pg.Client;
    let unit: ProvisionedUnit;
    let customer: { userId: number; token: string; email: string };
    let userDeviceId: number;
    beforeAll(async () => {
      database = await createSystemDatabase(serverUrl!);
      const env = { DATABASE_URL: database.url };
      a = await startProduct({ env });
      const [second, units] = await Promise.all([startProduct({ env }), provisionUnits(env)]);
      b = second;
      unit = units[0]!;
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
      customer = await registerCustomer(a.url);
      ({ Id: userDeviceId } = await callJson<{ Id: number }>(
        `${a.url}/api/users/${customer.userId}/devices`,
        {
          method: 'POST',
          token: customer.token,
          body: { SerialNumber: unit.SerialNumber, Name: 'Greenhouse' },
        },
      ));
      await callJson(`${a.url}/api/notifications`, {
        method: 'POST',
        token: customer.token,
        body: {
          DeviceId: userDeviceId,
          AlarmType: 'TEMP',
          MessageType: 'EMAIL',
          MessageAddress: ESCALATION_ADDRESS,
          WaitMinutes: 1,
        },
      });
    });
    afterAll(async () => {
      await db?.end();
      await Promise.all([a?.stop('SIGKILL'), b?.stop()]);
      await database?.drop();
    });

    const deliveriesTo = (address: string) =>
      db
        .query<{ status: string; step: number }>(
          `SELECT status, step FROM deliveries WHERE address = $1 AND kind = 'alarm' ORDER BY id`,
          [address],
        )
        .then((result) => result.rows);

    it('issue #23 repeat and escalate: the escalation still fires after the process that scheduled it is killed, and every message is sent once', async () => {
      // A second after the registration: readings from before it are not the owner's.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const response = await fetch(`${a.url}/device-api/v1/reports`, {
        method: 'POST',
        headers: { authorization: deviceAuthorization(unit), 'content-type': 'application/json' },
        body: JSON.stringify({
          Reports: [
            { ReportTimestamp: new Date().toISOString(), Temperature: 120, Humidity: 40, Power: 1 },
          ],
        }),
      });
      expect(response.status).toBe(200);
      // The owner is told at once; the neighbour only after a minute without an answer.
      expect(await deliveriesTo(customer.email)).toHaveLength(1);
      expect(await deliveriesTo(ESCALATION_ADDRESS)).toEqual([]);
      const waiting = await db.query(
        `SELECT 1 FROM pgboss.job WHERE name = 'alarm-follow-up' AND state = 'created'`,
      );
      expect(waiting.rowCount).toBe(1);

      await a.stop('SIGKILL');

      for (;;) {
        const [escalation] = await deliveriesTo(ESCALATION_ADDRESS);
        if (escalation?.status === 'sent') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(await deliveriesTo(ESCALATION_ADDRESS)).toEqual([{ status: 'sent', step: 0 }]);
      expect(await deliveriesTo(customer.email)).toEqual([{ status: 'sent', step: 0 }]);
      const mail = await db.query<{ recipient: string }>(
        `SELECT recipient FROM outbox_messages WHERE subject LIKE 'ALARM:%' ORDER BY id`,
      );
      expect(mail.rows.map((row) => row.recipient).sort()).toEqual(
        [customer.email, ESCALATION_ADDRESS].sort(),
      );
    }, 150_000);
  },
);
