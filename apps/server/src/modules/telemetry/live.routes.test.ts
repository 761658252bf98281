import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE_SESSION_ENDED, LiveReportMessage } from '@monitor/contract/live';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, signIn } from '../../../test/helpers/factories';
import {
  createDevice,
  deviceAuth,
  registerUserDevice,
  type TestDevice,
} from '../../../test/helpers/devices';
import { openLive } from '../../../test/helpers/live-client';

const T0 = Date.parse('2026-11-22T04:00:00Z');
/** When the second sub-account was given the unit, in minutes after T0. */
const LATER_SUB_ACCOUNT_MINUTE = 300;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const reading = (minutes: number, temperature = 68.4) => ({
  ReportTimestamp: at(minutes),
  Temperature: temperature,
  Humidity: 41,
  Power: 1,
  SignalStrength: 22,
});

describe('GET /live, the live channel (device-management §4 "Live readings", §7)', () => {
  let t: TestApp;
  let unit: TestDevice;
  let ownerToken: string;
  let subAccountToken: string;
  let laterSubAccountToken: string;
  let strangerToken: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let minute = 0;
  beforeAll(async () => {
    t = await createTestApp();
    unit = await createDevice(t.ctx);
    owner = await createUser(t.ctx);
    const ownerRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    const subAccount = await createUser(t.ctx, { parentId: owner.id });
    // Given the unit before the readings these tests send (T0), so it sees them all.
    await registerUserDevice(t.ctx, {
      userId: subAccount.id,
      deviceId: unit.id,
      parentUserDeviceId: ownerRow,
      visibleFrom: new Date(T0),
    });
    const laterSubAccount = await createUser(t.ctx, { parentId: owner.id });
    await registerUserDevice(t.ctx, {
      userId: laterSubAccount.id,
      deviceId: unit.id,
      parentUserDeviceId: ownerRow,
      visibleFrom: new Date(T0 + LATER_SUB_ACCOUNT_MINUTE * 60_000),
    });
    laterSubAccountToken = await signIn(t.app, laterSubAccount);
    const stranger = await createUser(t.ctx);
    const strangersUnit = await createDevice(t.ctx);
    await registerUserDevice(t.ctx, { userId: stranger.id, deviceId: strangersUnit.id });
    ownerToken = await signIn(t.app, owner);
    subAccountToken = await signIn(t.app, subAccount);
    strangerToken = await signIn(t.app, stranger);
  });
  afterAll(() => t.close());

  /** Posts readings through the real ingest call, as the unit would. */
  const report = async (readings: (ReturnType<typeof reading> & Record<string, unknown>)[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: { Reports: readings },
    });
    expect(response.statusCode).toBe(200);
  };
  const nextReading = () => reading((minute += 1), 60 + minute);

  it('sends the owner a device_single_report with the reading after the unit reports (device-management §4)', async () => {
    const live = await openLive(t.app, { imei: unit.imei, token: ownerToken });
    const sent = nextReading();
    await report([sent]);
    const message = await live.next();
    expect(LiveReportMessage.parse(message)).toEqual({
      message_type: 'device_single_report',
      message_body: {
        timestamp: sent.ReportTimestamp,
        temp: sent.Temperature,
        humidity: 41,
        signal_strength: 22,
        power: 1,
        water: null,
        motion: null,
      },
    });
    live.socket.terminate();
  });

  it('carries the unit’s own water and motion readings, which turn the card red (device-management §4)', async () => {
    const live = await openLive(t.app, { imei: unit.imei, token: ownerToken });
    const sent = { ...nextReading(), Water: 1, Motion: 0 };
    await report([sent]);
    expect(await live.next()).toMatchObject({
      message_body: { timestamp: sent.ReportTimestamp, water: 1, motion: 0 },
    });
    live.socket.terminate();
  });

  it('sends the reading to a sub-account the unit was given (device-management §6)', async () => {
    const live = await openLive(t.app, { imei: unit.imei, token: subAccountToken });
    const sent = nextReading();
    await report([sent]);
    expect(await live.next()).toMatchObject({
      message_body: { timestamp: sent.ReportTimestamp, temp: sent.Temperature },
    });
    live.socket.terminate();
  });

  it('sends a sub-account no reading taken before it was given the unit, even one uploaded after (decision 017)', async () => {
    const live = await openLive(t.app, { imei: unit.imei, token: laterSubAccountToken });
    const owners = await openLive(t.app, { imei: unit.imei, token: ownerToken });
    const before = reading(LATER_SUB_ACCOUNT_MINUTE - 1);
    await report([before]);
    expect(await owners.next()).toMatchObject({
      message_body: { timestamp: before.ReportTimestamp },
    });
    const after = reading(LATER_SUB_ACCOUNT_MINUTE);
    await report([after]);
    // Messages arrive in order: the first the sub-account gets is the reading from its start on.
    expect(await live.next()).toMatchObject({ message_body: { timestamp: after.ReportTimestamp } });
    expect(live.received).toHaveLength(1);
    live.socket.terminate();
    owners.socket.terminate();
  });

  it('refuses the upgrade with 404 for a unit that is not the caller’s, the same as for an unknown IMEI', async () => {
    await expect(openLive(t.app, { imei: unit.imei, token: strangerToken })).rejects.toThrow(
      'Unexpected server response: 404',
    );
    await expect(openLive(t.app, { imei: '490154203237518', token: ownerToken })).rejects.toThrow(
      'Unexpected server response: 404',
    );
    for (const imei of [unit.imei, '490154203237518']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/live?imei=${imei}&access_token=${strangerToken}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 404, message: 'Device not found.' } });
    }
  });

  it('refuses the upgrade with 401 without an access token or with a wrong one', async () => {
    await expect(openLive(t.app, { imei: unit.imei })).rejects.toThrow(
      'Unexpected server response: 401',
    );
    await expect(openLive(t.app, { imei: unit.imei, token: 'not-a-token' })).rejects.toThrow(
      'Unexpected server response: 401',
    );
    // The session is checked before the query: no token and a bad IMEI is still a 401.
    for (const url of ['/live?imei=' + unit.imei, '/live?imei=nope', '/live']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 401 } });
    }
  });

  it('answers 400 naming the field for a malformed IMEI, and 426 for a plain GET that does not upgrade', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `/live?imei=12ab&access_token=${ownerToken}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: 400, message: 'imei: Enter a 15-digit IMEI.' },
    });
    const plain = await t.app.inject({
      method: 'GET',
      url: `/live?imei=${unit.imei}&access_token=${ownerToken}`,
    });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toEqual({ error: { code: 426, message: 'Open /live as a WebSocket.' } });
  });

  it('sends nothing for a poll (no new report) or a resent batch (only duplicates)', async () => {
    const live = await openLive(t.app, { imei: unit.imei, token: ownerToken });
    const first = nextReading();
    await report([first]);
    await live.next();
    await report([]);
    await report([first]);
    const after = nextReading();
    await report([after]);
    // Messages arrive in order: the next one is the new reading, so the poll and the resend sent none.
    expect(await live.next()).toMatchObject({
      message_body: { timestamp: after.ReportTimestamp },
    });
    expect(live.received).toHaveLength(2);
    live.socket.terminate();
  });

  it('sends only the newest reading of a batch, whatever the order the unit sent them in (decision 012)', async () => {
    const live = await openLive(t.app, { imei: unit.imei, token: ownerToken });
    const batch = Array.from({ length: 100 }, () => nextReading());
    const newest = batch[99]!;
    await report([...batch.slice(50), ...batch.slice(0, 50)].reverse());
    expect(await live.next()).toMatchObject({
      message_body: { timestamp: newest.ReportTimestamp, temp: newest.Temperature },
    });
    const marker = nextReading();
    await report([marker]);
    expect(await live.next()).toMatchObject({
      message_body: { timestamp: marker.ReportTimestamp },
    });
    expect(live.received).toHaveLength(2);
    live.socket.terminate();
  });

  it('delivers to every socket on the unit and stops delivering to a closed one', async () => {
    const first = await openLive(t.app, { imei: unit.imei, token: ownerToken });
    const second = await openLive(t.app, { imei: unit.imei, token: subAccountToken });
    const sent = nextReading();
    await report([sent]);
    for (const live of [first, second])
      expect(await live.next()).toMatchObject({
        message_body: { timestamp: sent.ReportTimestamp },
      });
    first.socket.close();
    await first.closed;
    const later = nextReading();
    await report([later]);
    expect(await second.next()).toMatchObject({
      message_body: { timestamp: later.ReportTimestamp },
    });
    expect(first.received).toHaveLength(1);
    second.socket.terminate();
  });

  it('closes the socket with 4401 at the heartbeat after its session was signed out (decision 012)', async () => {
    // A second session of the owner, so the others stay signed in.
    const token = await signIn(t.app, owner);
    const live = await openLive(t.app, { imei: unit.imei, token });
    await t.app.sockets.sweep();
    expect(live.socket.readyState).toBe(live.socket.OPEN);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    await t.app.sockets.sweep();
    expect(await live.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
  });

  it('closes the socket with 4401 at the heartbeat once its session has expired (8 hours on the web)', async () => {
    const live = await openLive(t.app, { imei: unit.imei, token: ownerToken });
    t.advanceTime(8 * 3_600_000);
    await t.app.sockets.sweep();
    expect(await live.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
    t.advanceTime(-8 * 3_600_000);
  });

  it('keeps a socket opened while the heartbeat looks its sessions up (found by the soak)', async () => {
    // Tracked between the sweep's snapshot and its answer: its session was not asked about, and
    // was authenticated a moment ago, so the sweep must not judge it.
    const opened = Object.assign(new EventEmitter(), {
      OPEN: 1,
      readyState: 1,
      ping: vi.fn(),
      close: vi.fn(),
      terminate: vi.fn(),
    });
    const sweeping = t.app.sockets.sweep();
    t.app.sockets.track(opened as unknown as WebSocket, { tokenId: 2 ** 31 - 1, userId: owner.id });
    await sweeping;
    expect(opened.close).not.toHaveBeenCalled();
    opened.emit('close');
  });

  it('drops a socket that did not answer the previous heartbeat ping (a vanished peer)', async () => {
    const live = await openLive(t.app, {
      imei: unit.imei,
      token: ownerToken,
      // A peer that is gone answers no ping.
      onInit: (socket) => {
        socket.pong = () => undefined;
      },
    });
    const before = t.ctx.live.countSubscribers();
    await t.app.sockets.sweep();
    expect(live.socket.readyState).toBe(live.socket.OPEN);
    await t.app.sockets.sweep();
    expect(await live.closed).toBe(1006);
    expect(t.ctx.live.countSubscribers()).toBe(before - 1);
  });
});
