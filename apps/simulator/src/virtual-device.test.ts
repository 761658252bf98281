import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PET_MONITOR_REPORT_INTERVAL_MINUTES,
  PET_MONITOR_WINDOW_MINUTES,
} from '@monitor/domain/devices/pet-monitor';
import { generateBackfill } from './backfill';
import { startProtocolTestServer, type ProtocolTestServer } from './protocol-test-server';
import { createUnitProfile } from './readings';
import {
  createVirtualDevice,
  type VirtualDevice,
  type VirtualDeviceOptions,
} from './virtual-device';

const IMEI = '351234567890123';
const DEVICE_KEY = 'secret-key';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: ProtocolTestServer;
let clock: number;
let device: VirtualDevice;

function createDevice(intervalSeconds = 3600, extra: Partial<VirtualDeviceOptions> = {}) {
  const profile = createUnitProfile(
    { imei: IMEI, deviceType: 4, pucks: [{ id: '0A1B2C3D', logicLevel: 32775 }] },
    clock,
  );
  profile.eventRate = 0;
  profile.pucks.forEach((puck) => (puck.eventRate = 0));
  return createVirtualDevice({
    serialNumber: 'ABC123',
    credentials: { url: server.url, imei: IMEI, deviceKey: DEVICE_KEY },
    profile,
    intervalSeconds,
    pollSeconds: 5,
    firmwareVersion: '10.6',
    now: () => clock,
    ...extra,
  });
}

/** Moves the clock by `stepMs` at a time up to `totalMs`, ticking after each step. */
async function runFor(totalMs: number, stepMs = MINUTE) {
  for (let elapsed = 0; elapsed < totalMs; elapsed += stepMs) {
    clock += stepMs;
    await device.tick();
  }
}

const storedTimes = () => [...server.stored.keys()].map((time) => Date.parse(time)).sort();

beforeEach(async () => {
  server = await startProtocolTestServer({ imei: IMEI, deviceKey: DEVICE_KEY });
  clock = Date.parse('2026-11-22T12:00:00Z');
  device = createDevice();
});

afterEach(async () => {
  await server.close();
});

describe('virtual device', () => {
  it('reports at once on start, then polls with an empty Reports list (docs/device-protocol.md)', async () => {
    await device.tick();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.body.Reports).toHaveLength(1);
    clock += 2000;
    await device.tick();
    expect(server.calls).toHaveLength(1);
    clock += 5000;
    await device.tick();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.body).toEqual({ Reports: [], Acks: [] });
  });

  it('answers RPT with a report at once and acknowledges it in the next call (device-management §4 instant update)', async () => {
    await device.tick();
    const id = server.queueCommand('RPT');
    clock += 5000;
    await device.tick();
    expect(server.stored.size).toBe(2);
    const [poll, report] = server.calls.slice(1);
    expect(poll?.body.Reports).toHaveLength(0);
    expect(report?.body.Reports).toHaveLength(1);
    expect(report?.body.Acks).toEqual([id]);
    clock += 5000;
    await device.tick();
    expect(server.calls.at(-1)?.body).toEqual({ Reports: [], Acks: [] });
  });

  it('after DOG reports every 20 minutes for 6 hours, then returns to its interval (device-management §4, §9 pet monitor)', async () => {
    await device.tick();
    server.queueCommand('DOG');
    clock += 5000;
    await device.tick();
    const requestedAt = clock;
    await runFor(9 * HOUR);
    const windowEnd = requestedAt + PET_MONITOR_WINDOW_MINUTES * MINUTE;
    const inWindow = storedTimes().filter((time) => time >= requestedAt && time < windowEnd);
    expect(inWindow).toHaveLength(PET_MONITOR_WINDOW_MINUTES / PET_MONITOR_REPORT_INTERVAL_MINUTES);
    const gaps = inWindow.slice(1).map((time, i) => time - (inWindow[i] ?? 0));
    expect(new Set(gaps)).toEqual(new Set([PET_MONITOR_REPORT_INTERVAL_MINUTES * MINUTE]));
    const after = storedTimes().filter((time) => time >= windowEnd);
    const afterGaps = after.slice(1).map((time, i) => time - (after[i] ?? 0));
    expect(afterGaps.length).toBeGreaterThan(0);
    expect(afterGaps.every((gap) => gap === HOUR)).toBe(true);
    // 540 calls over real HTTP: on a loaded CI machine this takes longer than the 5 s default.
  }, 30_000);

  it('names its FirmwareVersion in every report, the new one after UPD (device-management §4 firmware update)', async () => {
    await device.tick();
    server.queueCommand('UPD');
    clock += 5000;
    await device.tick();
    const stored = [...server.stored.values()];
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.map((report) => report.FirmwareVersion)).toEqual([
      ...stored.slice(0, -1).map(() => '10.6'),
      '10.7',
    ]);
    expect(device.state().firmwareVersion).toBe('10.7');
  });

  it('triggers its relay once on RLY and acknowledges it in the next call (device-management §4 relay)', async () => {
    await device.tick();
    const id = server.queueCommand('RLY');
    clock += 5000;
    await device.tick();
    expect(device.state().relayTriggers).toBe(1);
    expect(server.calls.at(-1)?.body.Acks).toEqual([id]);
    clock += 5000;
    await device.tick();
    expect(device.state().relayTriggers).toBe(1);
    expect(server.calls.at(-1)?.body.Acks).toEqual([]);
  });

  it('keeps unsent reports after a failed call, resends them oldest first and does not send them again after a 200', async () => {
    server.failNext(2);
    await device.tick();
    expect(device.state().queuedReports).toBe(1);
    clock += HOUR;
    await device.tick();
    expect(device.state().queuedReports).toBe(2);
    clock += 5000;
    await device.tick();
    expect(device.state().queuedReports).toBe(0);
    const accepted = server.calls.filter((call) => call.status === 200);
    expect(accepted).toHaveLength(1);
    const times = accepted[0]?.body.Reports.map((report) => report.ReportTimestamp) ?? [];
    expect(times).toEqual([...times].sort());
    expect(times).toHaveLength(2);
    clock += 5000;
    await device.tick();
    expect(server.calls.at(-1)?.body.Reports).toEqual([]);
    expect(server.duplicates).toBe(0);
  });

  it('drops a batch the server refuses as bad (400), since resending cannot fix it, and carries on', async () => {
    server.failNext(1, 0, 400);
    await device.tick();
    expect(device.state().queuedReports).toBe(0);
    clock += HOUR;
    await device.tick();
    expect(server.stored.size).toBe(1);
    expect(server.calls.map((call) => call.status)).toEqual([400, 200]);
  });

  it('keeps an acknowledgement whose call failed, sends it with the next call and does not relay twice', async () => {
    await device.tick();
    const id = server.queueCommand('RLY');
    server.failNext(1, 1);
    clock += 5000;
    await device.tick();
    expect(server.calls.at(-1)).toMatchObject({ status: 503, body: { Acks: [id] } });
    expect(device.state().pendingAcks).toEqual([id]);
    clock += 5000;
    await device.tick();
    expect(server.calls.at(-1)).toMatchObject({ status: 200, body: { Acks: [id] } });
    expect(device.state().pendingAcks).toEqual([]);
    expect(device.state().relayTriggers).toBe(1);
  });

  it('sends back-filled history in batches of at most 500, oldest first, before its live readings', async () => {
    device = createDevice(300);
    const profile = createUnitProfile({ imei: IMEI, deviceType: 4, pucks: [] }, clock);
    const history = generateBackfill(profile, { days: 3, intervalSeconds: 300, endMs: clock });
    device.queueHistory(history);
    await device.tick();
    const sent = server.calls.map((call) => call.body.Reports);
    expect(sent.map((reports) => reports.length)).toEqual([500, history.length - 500 + 1]);
    const times = sent.flat().map((report) => Date.parse(report.ReportTimestamp));
    expect(times.slice(1).every((time, i) => time > (times[i] ?? 0))).toBe(true);
    expect(server.stored.size).toBe(history.length + 1);
  });

  it('sends at most the batch size a call and tells of exactly the reports each 200 made durable', async () => {
    const acknowledged: string[] = [];
    device = createDevice(300, {
      batchSize: 100,
      onAcknowledged: (reports) => acknowledged.push(...reports.map((r) => r.ReportTimestamp)),
    });
    const profile = createUnitProfile({ imei: IMEI, deviceType: 4, pucks: [] }, clock);
    device.queueHistory(generateBackfill(profile, { days: 1, intervalSeconds: 300, endMs: clock }));
    server.failNext(1, 1);
    await device.tick();
    expect(server.calls.map((call) => [call.body.Reports.length, call.status])).toEqual([
      [100, 200],
      [100, 503],
    ]);
    clock += 5000;
    await device.tick();
    expect(server.calls.every((call) => call.body.Reports.length <= 100)).toBe(true);
    expect(acknowledged.sort()).toEqual([...server.stored.keys()].sort());
    expect(acknowledged).toHaveLength(24 * 12 + 1);
  });

  it('reports a started cooling failure at once, already risen, whatever the millisecond it starts at (decision 016)', async () => {
    device = createDevice(60);
    await device.tick();
    const before = [...server.stored.values()].at(-1)!;
    clock += 4_567;
    device.startEvent({ kind: 'coolingFailure', durationMs: 30 * MINUTE });
    await device.tick();
    expect(server.stored.size).toBe(2);
    const after = [...server.stored.values()].at(-1)!;
    expect(after.Temperature - before.Temperature).toBeGreaterThan(35);
  });
});
