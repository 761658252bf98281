import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEventBody, startControlServer } from './control-server';
import { DEFAULT_COOLING_FAILURE_RISE } from './events';
import { startProtocolTestServer, type ProtocolTestServer } from './protocol-test-server';
import { createUnitProfile, generateReport } from './readings';
import { createVirtualDevice, type VirtualDevice } from './virtual-device';

const IMEI = '351234567890123';
const DEVICE_KEY = 'secret-key';

let protocolServer: ProtocolTestServer;
let control: Server;
let controlUrl: string;
let device: VirtualDevice;
let clock: number;

beforeEach(async () => {
  protocolServer = await startProtocolTestServer({ imei: IMEI, deviceKey: DEVICE_KEY });
  clock = Date.parse('2026-11-22T12:00:00Z');
  const profile = createUnitProfile({ imei: IMEI, deviceType: 5, pucks: [] });
  profile.eventRate = 0;
  device = createVirtualDevice({
    serialNumber: 'SRV123',
    credentials: { url: protocolServer.url, imei: IMEI, deviceKey: DEVICE_KEY },
    profile,
    intervalSeconds: 3600,
    pollSeconds: 5,
    now: () => clock,
  });
  control = await startControlServer(0, [device]);
  controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => control.close(resolve));
  await protocolServer.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${controlUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });

describe('simulator control', () => {
  it('lists the simulated units', async () => {
    const answer = await fetch(`${controlUrl}/units`);
    expect(await answer.json()).toEqual([{ serialNumber: 'SRV123', imei: IMEI }]);
  });

  it('starts a cooling failure that makes the unit report at once, hotter by the rise and drier', async () => {
    await device.tick(); // the first scheduled reading
    clock += 60_000;
    const answer = await post('/units/SRV123/events', { kind: 'coolingFailure', minutes: 30 });
    expect(answer.status).toBe(202);

    await device.tick(); // an hour before the next scheduled reading, yet it reports now
    const reports = [...protocolServer.stored.values()];
    expect(reports).toHaveLength(2);
    const calm = createUnitProfile({ imei: IMEI, deviceType: 5, pucks: [] });
    calm.eventRate = 0;
    const normal = generateReport(calm, clock);
    expect(reports[1]?.Temperature).toBeCloseTo(
      normal.Temperature + DEFAULT_COOLING_FAILURE_RISE,
      0,
    );
  });

  it('finds a unit by IMEI as well as by serial', async () => {
    const answer = await post(`/units/${IMEI}/events`, { kind: 'powerCut', minutes: 5 });
    expect(answer.status).toBe(202);
    await device.tick();
    expect([...protocolServer.stored.values()].at(-1)?.Power).toBe(0);
  });

  it('refuses an unknown unit, an unknown kind and bad JSON with the error shape', async () => {
    const unknownUnit = await post('/units/NOPE/events', { kind: 'powerCut', minutes: 5 });
    expect(unknownUnit.status).toBe(404);
    expect(await unknownUnit.json()).toMatchObject({ error: { code: 'unit_not_found' } });

    const badKind = await post('/units/SRV123/events', { kind: 'meteor', minutes: 5 });
    expect(badKind.status).toBe(400);
    expect(await badKind.json()).toMatchObject({ error: { code: 'invalid_event' } });

    const badJson = await fetch(`${controlUrl}/units/SRV123/events`, { method: 'POST', body: '{' });
    expect(badJson.status).toBe(400);
    expect(device.state().nextReportAt).toBe(clock); // nothing was started
  });

  it('checks minutes and depth', () => {
    expect(parseEventBody({ kind: 'coolingFailure', minutes: 0 })).toMatch(/minutes/);
    expect(parseEventBody({ kind: 'coolingFailure', minutes: 5, depth: 'hot' })).toMatch(/depth/);
    expect(parseEventBody({ kind: 'coolingFailure', minutes: 5, depth: 30 })).toEqual({
      kind: 'coolingFailure',
      minutes: 5,
      depth: 30,
    });
  });
});
