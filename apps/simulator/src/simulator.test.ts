import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProtocolTestServer, type ProtocolTestServer } from './protocol-test-server';
import {
  sendReportCall,
  startSimulator,
  type ReportCall,
  type RunningSimulator,
  type Transport,
} from './simulator';

const IMEI = '351234567890123';
const DEVICE_KEY = 'secret-key';

let server: ProtocolTestServer;
let simulator: RunningSimulator | undefined;

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeEach(async () => {
  server = await startProtocolTestServer({ imei: IMEI, deviceKey: DEVICE_KEY });
});

afterEach(async () => {
  await simulator?.stop();
  await server.close();
});

describe('startSimulator', () => {
  it('back-fills a day of history, reports live, answers RPT over real HTTP and stops cleanly', async () => {
    simulator = startSimulator({
      url: server.url,
      devices: [
        {
          SerialNumber: 'AB12CD',
          IMEI,
          DeviceKey: DEVICE_KEY,
          DeviceType: 4,
          Pucks: [{ Id: '0A1B2C3D', LogicLevel: 32774 }],
        },
      ],
      intervalSeconds: 600,
      pollSeconds: 1,
      backfillDays: 1,
    });
    // 144 back-filled readings at 10 minutes, then the first live one.
    await waitFor(() => server.stored.size >= 145);
    const id = server.queueCommand('RPT');
    await waitFor(() => server.stored.size >= 146);
    await waitFor(() => server.calls.some((call) => call.body.Acks.includes(id)));
    await simulator.stop();
    const callsAtStop = server.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.calls.length).toBe(callsAtStop);
    expect(server.duplicates).toBe(0);
    simulator = undefined;
  });

  it('hands every call to a transport that wraps the exported default one, which still reaches the server', async () => {
    const seen: ReportCall[] = [];
    const watched: Transport = async (credentials, call) => {
      seen.push(call);
      return sendReportCall(credentials, call);
    };
    simulator = startSimulator({
      url: server.url,
      devices: [{ SerialNumber: 'AB12CD', IMEI, DeviceKey: DEVICE_KEY, DeviceType: 4, Pucks: [] }],
      intervalSeconds: 600,
      backfillDays: 0,
      transport: watched,
    });
    await waitFor(() => server.stored.size >= 1);
    expect(seen.flatMap((call) => call.Reports).map((report) => report.ReportTimestamp)).toEqual([
      ...server.stored.keys(),
    ]);
  });

  it.each([
    { randomEvents: true, expected: true },
    { randomEvents: false, expected: false },
  ])(
    'with random events $randomEvents, a month of history holds a power cut, leak or motion: $expected',
    async ({ randomEvents, expected }) => {
      simulator = startSimulator({
        url: server.url,
        devices: [
          { SerialNumber: 'AB12CD', IMEI, DeviceKey: DEVICE_KEY, DeviceType: 4, Pucks: [] },
        ],
        intervalSeconds: 900,
        backfillDays: 30,
        batchSize: 500,
        randomEvents,
      });
      // 30 days at 15 minutes, then the first live reading.
      await waitFor(() => server.stored.size > 30 * 96);
      const happened = [...server.stored.values()].some(
        (report) => report.Power === 0 || report.Water === 1 || report.Motion === 1,
      );
      expect(happened).toBe(expected);
    },
  );
});
