import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  AlarmStateMessage,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  LIVE_TOO_MANY_SOCKETS,
} from '@monitor/contract/live';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, signIn } from '../../../test/helpers/factories';
import { registerUserDevice } from '../../../test/helpers/devices';
import { createAlarmUnit, postReadings, type AlarmUnit } from '../../../test/helpers/alarm-units';
import { openLive, type LiveClient } from '../../../test/helpers/live-client';
import { runNoCallWatchdog } from '../alarms/nocall-watchdog';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
const tokenProtocols = (token: string) => [LIVE_PROTOCOL, `${LIVE_TOKEN_PROTOCOL_PREFIX}${token}`];

describe(`GET /live/alarms, every alarm opening and closing of the user's units, on ${database} (decision 021)`, () => {
  let t: TestApp;
  let unit: AlarmUnit;
  let ownerToken: string;
  let subAccountToken: string;
  let strangerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    unit = await createAlarmUnit(t.ctx);
    const subAccount = await createUser(t.ctx, { parentId: unit.userId });
    await registerUserDevice(t.ctx, {
      userId: subAccount.id,
      deviceId: unit.device.id,
      parentUserDeviceId: unit.userDeviceId,
    });
    ownerToken = await tokenOf(unit);
    subAccountToken = await signIn(t.app, subAccount);
    strangerToken = await tokenOf(await createAlarmUnit(t.ctx));
  });
  afterAll(() => t.close());

  /** Moves the clock on a minute and answers the new time, so each reading is fresh. */
  const later = () => {
    t.advanceTime(60_000);
    return t.ctx.now();
  };
  const openAlarms = (token: string) =>
    openLive(t.app, { path: '/live/alarms', token, protocols: tokenProtocols(token) });

  it('tells the owner and a sub-account given the unit when an alarm opens and closes, and nobody else', async () => {
    const clients: LiveClient[] = [await openAlarms(ownerToken), await openAlarms(subAccountToken)];
    const stranger = await openAlarms(strangerToken);
    const hot = later();
    await postReadings(t, unit.device, [[hot, { Temperature: 91.2 }]]);
    const cool = later();
    await postReadings(t, unit.device, [[cool, { Temperature: 70 }]]);
    for (const client of clients) {
      expect(AlarmStateMessage.parse(await client.next())).toEqual({
        message_type: 'alarm_state',
        message_body: {
          imei: unit.device.imei,
          alarm_type: 'TEMP',
          puck_serial: null,
          is_alarm: true,
          timestamp: hot.toISOString(),
        },
      });
      expect(await client.next()).toMatchObject({
        message_body: { alarm_type: 'TEMP', is_alarm: false, timestamp: cool.toISOString() },
      });
    }
    // A reading that changes no alarm state sends nothing on this channel.
    await postReadings(t, unit.device, [[later(), { Temperature: 71 }]]);
    expect(clients.map((client) => client.received.length)).toEqual([2, 2]);
    expect(stranger.received).toEqual([]);
    for (const client of [...clients, stranger]) client.socket.terminate();
  });

  it('tells the owner when the NOCALL watchdog finds the unit silent (decision 011)', async () => {
    const silent = await createAlarmUnit(t.ctx);
    const token = await tokenOf(silent);
    const client = await openAlarms(token);
    const at = later();
    await postReadings(t, silent.device, [[at, {}]]);
    t.advanceTime(4 * 60 * 60_000);
    expect(await runNoCallWatchdog(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await client.next()).toMatchObject({
      message_body: { imei: silent.device.imei, alarm_type: 'NOCALL', is_alarm: true },
    });
    client.socket.terminate();
  });

  it('refuses the upgrade with 401 in the error shape without a session, and answers 426 to a plain GET', async () => {
    await expect(openLive(t.app, { path: '/live/alarms' })).rejects.toThrow(
      'Unexpected server response: 401',
    );
    const anonymous = await t.app.inject({ method: 'GET', url: '/live/alarms' });
    expect(anonymous.json()).toEqual({
      error: { code: 401, message: 'Please sign in to continue.' },
    });
    const plain = await t.app.inject({
      method: 'GET',
      url: '/live/alarms',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(plain.statusCode).toBe(426);
  });

  it('takes the access token as a subprotocol and answers with monitor-live, never the token (decision 020)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open = (protocols: string[]) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/live/alarms`, protocols);
        socket.once('open', () => resolve(socket));
        socket.once('unexpected-response', (_request, response) =>
          reject(new Error(`status ${response.statusCode}`)),
        );
        socket.once('error', reject);
      });
    const socket = await open(tokenProtocols(ownerToken));
    expect(socket.protocol).toBe(LIVE_PROTOCOL);
    socket.close();
    await expect(open(tokenProtocols('not-a-token'))).rejects.toThrow('status 401');
    await expect(open([LIVE_PROTOCOL])).rejects.toThrow('status 401');
  });

  it('refuses a socket over the cap per session, and per user, with 429 in the error shape before the upgrade (decision 021)', async () => {
    const saved = t.ctx.config.liveMaxSockets;
    t.ctx.config.liveMaxSockets = { perSession: 2, perUser: 3 };
    try {
      const owner = await createAlarmUnit(t.ctx);
      const [first, second] = [await tokenOf(owner), await tokenOf(owner)];
      const open = [await openAlarms(first), await openAlarms(first)];
      await expect(openAlarms(first)).rejects.toThrow('Unexpected server response: 429');
      const refused = await t.app.inject({
        method: 'GET',
        url: `/live?imei=${owner.device.imei}`,
        headers: { authorization: `Bearer ${first}` },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: 429, message: LIVE_TOO_MANY_SOCKETS } });
      // Another session of the same user has room up to the user's cap.
      open.push(await openAlarms(second));
      await expect(openAlarms(second)).rejects.toThrow('Unexpected server response: 429');
      for (const client of open) client.socket.terminate();
    } finally {
      t.ctx.config.liveMaxSockets = saved;
    }
  });

  /** Signs in as an alarm unit's owner (createUser's default password). */
  function tokenOf(owner: AlarmUnit): Promise<string> {
    return signIn(t.app, { email_address: owner.email, password: 'correct horse battery' });
  }
});
