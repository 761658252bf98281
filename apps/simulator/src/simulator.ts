import { DEFAULT_BACKFILL_DAYS, generateBackfill } from './backfill';
import type { DeviceCredentials } from './device-file';
import type { DeviceReport } from './protocol';
import { SILENT_LOG, type SimulatorLog } from './log';
import { createUnitProfile, type UnitProfile } from './readings';
import type { Transport } from './transport';
import { createVirtualDevice, type VirtualDevice } from './virtual-device';

export type { DeviceCredentials } from './device-file';
export { parseDeviceCredentials } from './device-file';
export type { SimulatorLog } from './log';
export type { DeviceReport, ReportCall } from './protocol';
// The default transport, for a caller that wraps it to watch each call (the soak, bench/soak).
export { sendReportCall } from './transport';
export type { CallResult, Transport, UnitCredentials } from './transport';

export type SimulatorOptions = {
  /** The server's base URL, e.g. http://127.0.0.1:3000. */
  url: string;
  devices: DeviceCredentials[];
  intervalSeconds: number;
  /** How often an idle unit polls for commands; 5 seconds unless told. */
  pollSeconds?: number;
  /** Days of history each unit sends before its live readings; 0 for none. */
  backfillDays?: number;
  /** Seconds between back-filled readings; the live interval unless told. */
  backfillIntervalSeconds?: number;
  /** Reports per call at most (500 unless told). */
  batchSize?: number;
  /**
   * Whether power cuts, leaks, excursions and motion happen at random (true unless told); off,
   * only the events started through the control port happen, so a test sees only its own.
   */
  randomEvents?: boolean;
  /** Told of the reports of each unit that a 200 answer made durable. */
  onAcknowledged?: (imei: string, reports: DeviceReport[]) => void;
  log?: SimulatorLog;
  transport?: Transport;
};

export type RunningSimulator = {
  devices: VirtualDevice[];
  /** Stops every unit after its call in flight; resolves once all have stopped. */
  stop(): Promise<void>;
};

/** How often each unit's loop wakes to see whether a reading or a call is due. */
const TICK_MS = 1000;
const DEFAULT_POLL_SECONDS = 5;

/** Runs a unit's loop on real time, one tick at a time, never overlapping; `stop` waits for a call in flight. */
function runLoop(device: VirtualDevice, log: SimulatorLog): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let markDone = () => {};
  const done = new Promise<void>((resolve) => (markDone = resolve));
  const step = () => {
    timer = undefined;
    device
      .tick()
      .catch((error: unknown) => log.warn(`unit ${device.serialNumber}: ${String(error)}`))
      .finally(() => {
        if (isStopped) markDone();
        else timer = setTimeout(step, TICK_MS);
      });
  };
  timer = setTimeout(step, 0);
  return {
    stop() {
      isStopped = true;
      device.stop();
      if (timer !== undefined) {
        clearTimeout(timer);
        markDone();
      }
      return done;
    },
  };
}

/** A unit's profile with its and its pucks' random events off, when asked. */
function withoutRandomEvents(profile: UnitProfile, isOff: boolean): UnitProfile {
  if (!isOff) return profile;
  return {
    ...profile,
    eventRate: 0,
    pucks: profile.pucks.map((puck) => ({ ...puck, eventRate: 0 })),
  };
}

/**
 * Runs virtual units against a server, speaking only the device protocol. Each unit first
 * queues its back-filled history, then reads on its interval and polls for commands.
 */
export function startSimulator(options: SimulatorOptions): RunningSimulator {
  const log = options.log ?? SILENT_LOG;
  const backfillDays = options.backfillDays ?? DEFAULT_BACKFILL_DAYS;
  const startMs = Date.now();
  const devices = options.devices.map((unit) => {
    const profile = withoutRandomEvents(
      createUnitProfile({
        imei: unit.IMEI,
        deviceType: unit.DeviceType,
        pucks: unit.Pucks.map((puck) => ({ id: puck.Id, logicLevel: puck.LogicLevel })),
      }),
      options.randomEvents === false,
    );
    const device = createVirtualDevice({
      serialNumber: unit.SerialNumber,
      credentials: { url: options.url, imei: unit.IMEI, deviceKey: unit.DeviceKey },
      profile,
      intervalSeconds: options.intervalSeconds,
      pollSeconds: options.pollSeconds ?? DEFAULT_POLL_SECONDS,
      firmwareVersion: unit.FirmwareVersion,
      transport: options.transport,
      batchSize: options.batchSize,
      onAcknowledged:
        options.onAcknowledged && ((reports) => options.onAcknowledged?.(unit.IMEI, reports)),
      log,
    });
    if (backfillDays > 0) {
      const history = generateBackfill(profile, {
        days: backfillDays,
        intervalSeconds: options.backfillIntervalSeconds ?? options.intervalSeconds,
        endMs: startMs,
        ...(unit.BackfillFrom !== undefined && { fromMs: Date.parse(unit.BackfillFrom) }),
      });
      device.queueHistory(history);
      log.info(
        history.length > 0
          ? `unit ${unit.SerialNumber}: ${history.length} back-filled reports queued`
          : `unit ${unit.SerialNumber}: no gap since its last report, nothing to back-fill`,
      );
    }
    return device;
  });

  log.info(`simulator: ${devices.length} units reporting to ${options.url}`);
  const loops = devices.map((device) => runLoop(device, log));

  return {
    devices,
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
      log.info('simulator: stopped');
    },
  };
}
