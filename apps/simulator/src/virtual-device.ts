import {
  PET_MONITOR_REPORT_INTERVAL_MINUTES,
  PET_MONITOR_WINDOW_MINUTES,
} from '@monitor/domain/devices/pet-monitor';
import { MAX_REPORTS_PER_BATCH } from '@monitor/contract/device-protocol';
import { isDeviceCommandName } from '@monitor/domain/devices/device-commands';
import { CURRENT_DEVICE_FIRMWARE } from '@monitor/domain/devices/firmware';
import { bumpFirmwareVersion } from './firmware-version';
import { SILENT_LOG, type SimulatorLog } from './log';
import type { DeviceCommand, DeviceReport } from './protocol';
import type { ScriptedEvent } from './events';
import { generateReport, type UnitProfile } from './readings';
import { sendReportCall, type Transport, type UnitCredentials } from './transport';

export type VirtualDeviceOptions = {
  serialNumber: string;
  credentials: UnitCredentials;
  profile: UnitProfile;
  intervalSeconds: number;
  /** How often an idle unit polls with an empty `Reports` list to collect commands. */
  pollSeconds: number;
  firmwareVersion?: string;
  transport?: Transport;
  /** Reports a call carries at most; the protocol allows 500 (docs/device-protocol.md). */
  batchSize?: number;
  /** Told of the reports each 200 answer made durable, oldest first (the CLI's --ack-log). */
  onAcknowledged?: (reports: DeviceReport[]) => void;
  /** The clock, in epoch milliseconds; injected so tests can move time by hand. */
  now?: () => number;
  log?: SimulatorLog;
};

export type VirtualDeviceState = {
  queuedReports: number;
  pendingAcks: number[];
  firmwareVersion: string;
  nextReportAt: number;
  petMonitorUntil: number | null;
  relayTriggers: number;
};

export type VirtualDevice = {
  serialNumber: string;
  imei: string;
  /** Adds reports taken earlier (a back-fill) to the front of what is still to send. */
  queueHistory(reports: DeviceReport[]): void;
  /** Does whatever is due at the clock's time: take a reading, send, poll, obey commands. */
  tick(): Promise<void>;
  /**
   * Starts an event in the unit's place now (a cooling failure, a power cut…) and reports at
   * once, as a unit does when a sensor leaves its normal state.
   */
  startEvent(event: Omit<ScriptedEvent, 'startMs'>): void;
  /** Makes a tick in progress stop after its current call. */
  stop(): void;
  state(): VirtualDeviceState;
};

const MINUTE_MS = 60_000;
const PET_MONITOR_INTERVAL_MS = PET_MONITOR_REPORT_INTERVAL_MINUTES * MINUTE_MS;
const PET_MONITOR_WINDOW_MS = PET_MONITOR_WINDOW_MINUTES * MINUTE_MS;
/** Follow-up calls in one tick for fresh commands; a bound in case a server keeps re-listing. */
const MAX_COMMAND_ROUNDS = 5;
/** The server takes at most this many acknowledgements a call; the rest go in the next. */
const MAX_ACKS_PER_CALL = 500;

/**
 * A virtual monitoring unit. Reports stay queued until a call carrying them answers 200, which
 * is when the protocol makes them durable; a lost call resends them, oldest first, at most 500
 * a call. Commands are carried out once each and acknowledged in the next call.
 */
export function createVirtualDevice(options: VirtualDeviceOptions): VirtualDevice {
  const transport = options.transport ?? sendReportCall;
  const now = options.now ?? Date.now;
  const log = options.log ?? SILENT_LOG;
  const name = `unit ${options.serialNumber}`;
  const intervalMs = options.intervalSeconds * 1000;
  const pollMs = options.pollSeconds * 1000;
  const batchSize = Math.min(options.batchSize ?? MAX_REPORTS_PER_BATCH, MAX_REPORTS_PER_BATCH);

  let queue: DeviceReport[] = [];
  const pendingAcks: number[] = [];
  const carriedOut = new Set<number>();
  let firmwareVersion = options.firmwareVersion ?? CURRENT_DEVICE_FIRMWARE;
  let nextReportAt = now();
  let nextCallAt = now();
  let petMonitorUntil: number | null = null;
  let relayTriggers = 0;
  let lastReportMs = Number.NEGATIVE_INFINITY;
  let isStopped = false;
  let lastCallFailed = false;
  // Back-filled reports still unsent, and what the server said of those sent, for one summary line.
  let historyLeft = 0;
  const historyTally = { accepted: 0, duplicates: 0, refused: 0 };

  const isPetMonitorOn = (at: number) => petMonitorUntil !== null && at < petMonitorUntil;

  function takeReading(at: number, extra: Partial<DeviceReport> = {}): void {
    // Duplicates are judged on the timestamp to the second, so a reading taken in the same
    // second as the last one (an RPT just after a scheduled report) moves one second on.
    const timeMs = Math.max(Math.floor(at / 1000) * 1000, lastReportMs + 1000);
    lastReportMs = timeMs;
    // Every report names the firmware running, as a real unit does: the server records it.
    queue.push({
      ...generateReport(options.profile, timeMs),
      FirmwareVersion: firmwareVersion,
      ...extra,
    });
  }

  function obey(command: DeviceCommand, at: number): void {
    const commandName = command.Command.trim().toUpperCase();
    if (!isDeviceCommandName(commandName)) {
      // Acknowledged all the same, so an unknown command does not come back on every call.
      log.warn(`${name}: unknown command ${command.Command} (${command.Id}), acknowledged`);
      return;
    }
    switch (commandName) {
      case 'RPT':
        takeReading(at);
        break;
      case 'DOG':
        petMonitorUntil = at + PET_MONITOR_WINDOW_MS;
        takeReading(at);
        nextReportAt = at + PET_MONITOR_INTERVAL_MS;
        break;
      case 'RLY':
        relayTriggers += 1;
        log.info(`${name}: relay triggered (command ${command.Id})`);
        break;
      case 'UPD':
        firmwareVersion = bumpFirmwareVersion(firmwareVersion);
        log.info(`${name}: firmware updated to ${firmwareVersion}`);
        takeReading(at);
        break;
    }
  }

  /** Carries out the commands not seen before; true when there is something new to send. */
  function obeyAll(commands: DeviceCommand[], at: number): boolean {
    let isNew = false;
    for (const command of commands) {
      if (!pendingAcks.includes(command.Id)) pendingAcks.push(command.Id);
      if (carriedOut.has(command.Id)) continue;
      carriedOut.add(command.Id);
      isNew = true;
      log.info(`${name}: command ${command.Command} (${command.Id})`);
      obey(command, at);
    }
    return isNew;
  }

  async function tick(): Promise<void> {
    const at = now();
    if (at >= nextReportAt) {
      takeReading(at);
      nextReportAt = at + (isPetMonitorOn(at) ? PET_MONITOR_INTERVAL_MS : intervalMs);
    }
    // Work waiting goes at once, unless the last call failed: then it waits for the next poll
    // rather than hammering a server that is down.
    const hasWork = queue.length > 0 || pendingAcks.length > 0;
    if (at < nextCallAt && !(hasWork && !lastCallFailed)) return;
    let commandRounds = 0;
    while (!isStopped) {
      const reports = queue.slice(0, batchSize);
      const acks = pendingAcks.slice(0, MAX_ACKS_PER_CALL);
      const result = await transport(options.credentials, { Reports: reports, Acks: acks });
      if (!result.ok) {
        lastCallFailed = true;
        nextCallAt = now() + pollMs;
        if (result.isRetryable) {
          log.warn(`${name}: call failed, ${queue.length} reports kept (${result.reason})`);
        } else {
          // A 400 stores nothing and resending the same batch cannot fix it: keep the unit
          // going rather than stuck behind it, and say so loudly.
          queue.splice(0, reports.length);
          log.warn(`${name}: batch of ${reports.length} refused, dropped (${result.reason})`);
        }
        return;
      }
      lastCallFailed = false;
      queue.splice(0, reports.length);
      if (reports.length > 0) options.onAcknowledged?.(reports);
      // Readings dated before the unit was provisioned or ahead of the server are stored nowhere
      // (decision 055); the rest of the batch was, so the unit goes on. Said loudly: a clock is off.
      const [firstRefusal] = result.answer.RefusedReports;
      if (firstRefusal) {
        log.warn(
          `${name}: ${result.answer.Refused} of ${reports.length} reports refused for their date (${firstRefusal.Message})`,
        );
      }
      if (historyLeft > 0) {
        historyLeft = Math.max(0, historyLeft - reports.length);
        historyTally.accepted += result.answer.Accepted;
        historyTally.duplicates += result.answer.Duplicates;
        historyTally.refused += result.answer.Refused;
        if (historyLeft === 0) {
          log.info(
            `${name}: history sent, ${historyTally.accepted} accepted, ${historyTally.duplicates} duplicates, ${historyTally.refused} refused`,
          );
        }
      }
      pendingAcks.splice(0, acks.length);
      nextCallAt = now() + pollMs;
      const hasNewCommands = obeyAll(result.answer.Commands, now());
      if (hasNewCommands) commandRounds += 1;
      const hasMore =
        queue.length > 0 ||
        pendingAcks.length > MAX_ACKS_PER_CALL ||
        (hasNewCommands && pendingAcks.length > 0);
      if (!hasMore || commandRounds > MAX_COMMAND_ROUNDS) return;
    }
  }

  return {
    serialNumber: options.serialNumber,
    imei: options.credentials.imei,
    queueHistory(reports) {
      queue = [
        ...reports.map((report) => ({ ...report, FirmwareVersion: firmwareVersion })),
        ...queue,
      ];
      historyLeft += reports.length;
      const last = reports.at(-1);
      if (last) lastReportMs = Math.max(lastReportMs, Date.parse(last.ReportTimestamp));
    },
    tick,
    startEvent(event) {
      const at = now();
      // From the whole second: the report it sets off is stamped to the second (takeReading), and
      // must already show the event, not the moments before it.
      options.profile.scriptedEvents.push({ ...event, startMs: Math.floor(at / 1000) * 1000 });
      nextReportAt = at;
      log.info(`${name}: ${event.kind} for ${Math.round(event.durationMs / MINUTE_MS)} min`);
    },
    stop() {
      isStopped = true;
    },
    state: () => ({
      queuedReports: queue.length,
      pendingAcks: [...pendingAcks],
      firmwareVersion,
      nextReportAt,
      petMonitorUntil,
      relayTriggers,
    }),
  };
}
