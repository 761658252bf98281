import {
  sendReportCall,
  startSimulator,
  type CallResult,
  type DeviceReport,
  type RunningSimulator,
  type Transport,
} from '@monitor/simulator';
import type { Samples } from './samples';
import type { SoakUnit } from './fleet';

/**
 * The units, run by the simulator's own code in this process (`startSimulator`), with random
 * events off: the soak starts each fault itself (faults.ts), so it knows what every alarm
 * e-mail should be. Every call goes through the simulator's own HTTP transport, wrapped to see
 * when each report left and what the server answered.
 */

export type VirtualUnit = RunningSimulator['devices'][number];

export type CallWatcher = {
  /** A call is leaving with these reports (`at`: performance.now(), `epoch`: Date.now()). */
  onSend?: (imei: string, reports: DeviceReport[], at: number, epoch: number) => void;
  /** The server answered 200: these reports are stored. */
  onStored?: (imei: string, reports: DeviceReport[], at: number) => void;
};

function describeFailure(result: Extract<CallResult, { ok: false }>): string {
  const status = /^HTTP (\d+)/.exec(result.reason);
  if (status) return `HTTP ${status[1]}`;
  if (/timeout|aborted/i.test(result.reason)) return 'timed out';
  return result.reason.slice(0, 60);
}

export function startUnits({
  url,
  units,
  intervalSeconds,
  samples,
  watchers,
}: {
  url: string;
  units: readonly SoakUnit[];
  intervalSeconds: number;
  samples: Samples;
  watchers: CallWatcher[];
}): { devices: Map<string, VirtualUnit>; started: Promise<void>; stop: () => Promise<void> } {
  const transport: Transport = async (credentials, call) => {
    const { imei } = credentials;
    const at = performance.now();
    if (call.Reports.length > 0) {
      for (const watcher of watchers) watcher.onSend?.(imei, call.Reports, at, Date.now());
    }
    const result = await sendReportCall(credentials, call);
    const answered = performance.now();
    if (!result.ok) {
      samples.error(`unit call failed (${describeFailure(result)})`);
    } else if (call.Reports.length > 0) {
      samples.add('unit report → HTTP 200', answered - at, at);
      if (result.answer.Refused > 0) samples.error('unit reports refused for their date');
      for (const watcher of watchers) watcher.onStored?.(imei, call.Reports, answered);
    }
    return result;
  };

  // Started in slices across one interval, so the units report spread over the minute, as a
  // fleet does, rather than all in the same second.
  const slices = Math.min(units.length, 30);
  const simulators: RunningSimulator[] = [];
  const devices = new Map<string, VirtualUnit>();
  let isStopped = false;
  const started = (async () => {
    for (let slice = 0; slice < slices && !isStopped; slice++) {
      const simulator = startSimulator({
        url,
        devices: units
          .filter((_, index) => index % slices === slice)
          .map((unit) => ({
            SerialNumber: unit.SerialNumber,
            IMEI: unit.IMEI,
            DeviceKey: unit.DeviceKey,
            DeviceType: 5,
            FirmwareVersion: '10.6',
            Pucks: [],
          })),
        intervalSeconds,
        // A poll only when a reading is due: a cellular unit calls when it has something to say.
        pollSeconds: intervalSeconds,
        backfillDays: 0,
        randomEvents: false,
        transport,
        log: {
          info: () => undefined,
          warn: (message) => {
            // Failed calls and refusals are counted from the transport's answers.
            if (!/call failed|refused/.test(message)) {
              samples.error(`simulator: ${message.replace(/^unit \S+: /, '').slice(0, 60)}`);
            }
          },
        },
      });
      simulators.push(simulator);
      for (const device of simulator.devices) devices.set(device.imei, device);
      await new Promise((resolve) => setTimeout(resolve, (intervalSeconds * 1000) / slices));
    }
  })();
  return {
    devices,
    started,
    stop: async () => {
      isStopped = true;
      await started;
      await Promise.all(simulators.map((simulator) => simulator.stop()));
    },
  };
}
