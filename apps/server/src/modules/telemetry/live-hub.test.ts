import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../platform/database/database';
import type { AppContext } from '../../context';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, signIn } from '../../../test/helpers/factories';
import { createDevice, deviceAuth, registerUserDevice } from '../../../test/helpers/devices';
import { openLive } from '../../../test/helpers/live-client';
import { createAlarmUnit, postReadings } from '../../../test/helpers/alarm-units';
import { pickNewestReport, startLiveHub, toLiveReportMessage, type LiveHub } from './live-hub';
import type { StoredReport } from './reports-stored';

const quiet = { warn: () => undefined, error: () => undefined };
const stored = (iso: string, temperature: number): StoredReport => ({
  reportTimestamp: new Date(iso),
  temperature,
  humidity: 40,
  power: 1,
  signalStrength: 20,
  water: null,
  motion: null,
  peripherals: [],
});

describe('the live hub (decision 012)', () => {
  it('picks the newest reading of a batch whatever its order, and none of an empty one', () => {
    const batch = [
      stored('2026-11-22T04:02:00Z', 2),
      stored('2026-11-22T04:09:00Z', 9),
      stored('2026-11-22T04:01:00Z', 1),
    ];
    expect(pickNewestReport(batch)?.temperature).toBe(9);
    expect(pickNewestReport([])).toBeUndefined();
  });

  it('shapes a reading as device_single_report with timestamp, temp, humidity, signal_strength and power (device-management §4)', () => {
    expect(toLiveReportMessage(stored('2026-11-22T04:09:00Z', 71.5))).toEqual({
      message_type: 'device_single_report',
      message_body: {
        timestamp: '2026-11-22T04:09:00.000Z',
        temp: 71.5,
        humidity: 40,
        signal_strength: 20,
        power: 1,
        water: null,
        motion: null,
      },
    });
  });
});

/**
 * Two app instances on one PostgreSQL database (and schema), as two server processes would be:
 * each with its own pool, hub and LISTEN connection.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'live fan-out across processes on PostgreSQL (LISTEN/NOTIFY, decision 012)',
  () => {
    const url = process.env.DATABASE_URL!;
    let first: TestApp;
    let second: { app: FastifyInstance; ctx: AppContext; database: Database; hub: LiveHub };
    let schema: string;
    beforeAll(async () => {
      first = await createTestApp();
      const { rows } = await sql<{
        schema: string;
      }>`SELECT current_schema() AS schema`.execute(first.ctx.db);
      schema = rows[0]!.schema;
      const database = await openDatabase({ url, searchPath: schema });
      const hub = await startLiveHub({ db: database.db, databaseUrl: url, log: quiet });
      const ctx: AppContext = {
        ...first.ctx,
        db: database.db,
        onReportsStored: [hub.listener],
        live: hub,
      };
      const app = await buildApp({ ctx });
      await app.ready();
      second = { app, ctx, database, hub };
    });
    afterAll(async () => {
      await second.app.close();
      await second.hub.close();
      await second.database.close();
      await first.close();
    });

    const reading = (minute: number) => ({
      ReportTimestamp: new Date(Date.parse('2026-11-22T04:00:00Z') + minute * 60_000).toISOString(),
      Temperature: 60 + minute,
      Humidity: 41,
      Power: 1,
      SignalStrength: 22,
    });

    async function ownedUnit() {
      const unit = await createDevice(first.ctx);
      const owner = await createUser(first.ctx);
      await registerUserDevice(first.ctx, { userId: owner.id, deviceId: unit.id });
      return { unit, token: await signIn(first.app, owner) };
    }

    it('delivers a report ingested by one instance to a socket held by the other, and to its own', async () => {
      const { unit, token } = await ownedUnit();
      const onSecond = await openLive(second.app, { imei: unit.imei, token });
      const onFirst = await openLive(first.app, { imei: unit.imei, token });
      const sent = reading(1);
      const response = await first.app.inject({
        method: 'POST',
        url: '/device-api/v1/reports',
        headers: deviceAuth(unit),
        payload: { Reports: [sent] },
      });
      expect(response.statusCode).toBe(200);
      for (const live of [onSecond, onFirst])
        expect(await live.next()).toMatchObject({
          message_type: 'device_single_report',
          message_body: { timestamp: sent.ReportTimestamp, temp: sent.Temperature },
        });
      // Delivered once per socket: the next message on each is the next reading.
      const later = reading(2);
      await second.app.inject({
        method: 'POST',
        url: '/device-api/v1/reports',
        headers: deviceAuth(unit),
        payload: { Reports: [later] },
      });
      for (const live of [onSecond, onFirst]) {
        expect(await live.next()).toMatchObject({
          message_body: { timestamp: later.ReportTimestamp },
        });
        expect(live.received).toHaveLength(2);
        live.socket.terminate();
      }
    });

    it('delivers an alarm opening found by one instance to the owner’s alarm socket on the other (decision 021)', async () => {
      const unit = await createAlarmUnit(first.ctx);
      const token = await signIn(first.app, {
        email_address: unit.email,
        password: 'correct horse battery',
      });
      const onSecond = await openLive(second.app, { path: '/live/alarms', token });
      await postReadings(first, unit.device, [[first.ctx.now(), { Temperature: 95 }]]);
      expect(await onSecond.next()).toMatchObject({
        message_type: 'alarm_state',
        message_body: { imei: unit.device.imei, alarm_type: 'TEMP', is_alarm: true },
      });
      onSecond.socket.terminate();
    });

    it('sends readings published in a burst together, each delivered once and in order', async () => {
      const imei = '356938035643809';
      const heard: string[] = [];
      const unsubscribe = second.hub.subscribe(imei, (data) => {
        heard.push(JSON.parse(data).message_body.timestamp);
      });
      const device = { id: 0, imei, serialNumber: 'BURST1', deviceType: 4 };
      const batches = Array.from({ length: 50 }, (_, i) => [
        stored(new Date(Date.parse('2026-11-22T05:00:00Z') + i * 60_000).toISOString(), i),
      ]);
      // Not awaited one by one: the 50 queue up behind the first NOTIFY and go out together.
      await Promise.all(
        batches.map((reports) =>
          first.ctx.live.listener(first.ctx, { device, reports, receivedAt: new Date() }),
        ),
      );
      while (heard.length < 50) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual(batches.map(([report]) => report!.reportTimestamp.toISOString()));
      unsubscribe();
    });

    it('listens again after its LISTEN connection is cut, and delivers the next reading', async () => {
      const { unit, token } = await ownedUnit();
      const live = await openLive(second.app, { imei: unit.imei, token });
      const listeners = () =>
        sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND query = ${`LISTEN "live_reports_${schema}"`}
          ORDER BY pid`.execute(first.ctx.db);
      const before = (await listeners()).rows.map((row) => row.pid);
      expect(before).toHaveLength(2);
      // Cut the second instance's connection; which pid is whose does not matter: both reconnect.
      await sql`SELECT pg_terminate_backend(pid) FROM unnest(${before}::int[]) AS pid`.execute(
        first.ctx.db,
      );
      for (;;) {
        const now = (await listeners()).rows.map((row) => row.pid);
        if (now.length === 2 && now.every((pid) => !before.includes(pid))) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const sent = reading(3);
      await first.app.inject({
        method: 'POST',
        url: '/device-api/v1/reports',
        headers: deviceAuth(unit),
        payload: { Reports: [sent] },
      });
      expect(await live.next()).toMatchObject({
        message_body: { timestamp: sent.ReportTimestamp },
      });
      live.socket.terminate();
    });
  },
);
