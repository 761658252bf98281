import type { DeviceReport } from '@monitor/simulator';
import type { FaultType, SoakUnit } from './fleet';
import type { Samples } from './samples';
import type { CallWatcher, VirtualUnit } from './units';

/**
 * Faults in the units' places, started through the simulator's own events (what its control port
 * does, decision 016): a cooling failure (+40 °F, so every unit reads 95 °F or more against a
 * range whose top stays 85–90 °F) or a power cut. Each lasts 1.2–2.8 reporting intervals, so it
 * is reported at once and ends with a normal reading: one alarm and one all-clear per recipient.
 * A unit rests an interval after its all-clear before it can fail again.
 */

export type ReportSent = { timestamp: string; at: number; epoch: number };

export type Fault = {
  type: FaultType;
  unit: SoakUnit;
  /** The first report that shows it, and when its call left. */
  report?: ReportSent;
  /** When the server answered 200 to it. */
  storedAt?: number;
  /** The first normal report after it. */
  clear?: ReportSent;
  clearStoredAt?: number;
};

/** Told when a fault's opening or clearing report leaves, and when the server has stored it. */
export type FaultListener = {
  onSent?: (fault: Fault, change: 'open' | 'clear') => void;
  onStored?: (fault: Fault, change: 'open' | 'clear') => void;
};

export type Faults = {
  all: Fault[];
  watcher: CallWatcher;
  /** Starts and stops the faults; `tick` once a second while they run. */
  setStarting: (isStarting: boolean) => void;
  tick: () => void;
  /** Resolves once every fault has its all-clear stored, or the time is up (those are errors). */
  settle: (timeoutMs: number) => Promise<void>;
};

const COOLING_FAILURE_RISE_F = 40;

export const normalTimestamp = (timestamp: string) => new Date(timestamp).toISOString();

/** Whether a report shows the fault: 95 °F or more read against a top of at most 90 °F, or power off. */
function shows(type: FaultType, report: DeviceReport): boolean {
  return type === 'TEMP' ? report.Temperature >= 90 : report.Power === 0;
}

export function createFaults({
  units,
  devices,
  intervalSeconds,
  share,
  samples,
  listeners,
}: {
  units: readonly SoakUnit[];
  devices: Map<string, VirtualUnit>;
  intervalSeconds: number;
  share: number;
  samples: Samples;
  listeners: FaultListener[];
}): Faults {
  const intervalMs = intervalSeconds * 1000;
  const all: Fault[] = [];
  const active = new Map<string, Fault>();
  const restingUntil = new Map<string, number>();
  const hasReported = new Set<string>();
  let isStarting = false;
  let credit = 0;

  const watcher: CallWatcher = {
    onSend(imei, reports, at, epoch) {
      const fault = active.get(imei);
      if (!fault) return;
      for (const report of reports) {
        const sent = { timestamp: normalTimestamp(report.ReportTimestamp), at, epoch };
        if (!fault.report) {
          if (!shows(fault.type, report)) continue;
          fault.report = sent;
          for (const listener of listeners) listener.onSent?.(fault, 'open');
        } else if (
          !fault.clear &&
          !shows(fault.type, report) &&
          sent.timestamp > fault.report.timestamp
        ) {
          fault.clear = sent;
          for (const listener of listeners) listener.onSent?.(fault, 'clear');
        }
      }
    },
    onStored(imei, reports, at) {
      hasReported.add(imei);
      const fault = active.get(imei);
      if (!fault) return;
      const stamps = new Set(reports.map((report) => normalTimestamp(report.ReportTimestamp)));
      if (fault.report && fault.storedAt === undefined && stamps.has(fault.report.timestamp)) {
        fault.storedAt = at;
        for (const listener of listeners) listener.onStored?.(fault, 'open');
      }
      if (fault.clear && stamps.has(fault.clear.timestamp)) {
        fault.clearStoredAt = at;
        for (const listener of listeners) listener.onStored?.(fault, 'clear');
        active.delete(imei);
        restingUntil.set(imei, at + intervalMs);
      }
    },
  };

  function start(unit: SoakUnit): void {
    const device = devices.get(unit.IMEI);
    if (!device) return;
    const type: FaultType = Math.random() < 0.7 ? 'TEMP' : 'POWER';
    const durationMs = Math.round(intervalMs * (1.2 + Math.random() * 1.6));
    const fault: Fault = { type, unit };
    all.push(fault);
    active.set(unit.IMEI, fault);
    device.startEvent(
      type === 'TEMP'
        ? { kind: 'coolingFailure', durationMs, depth: COOLING_FAILURE_RISE_F }
        : { kind: 'powerCut', durationMs },
    );
  }

  return {
    all,
    watcher,
    setStarting: (value) => {
      isStarting = value;
      credit = 0;
    },
    tick() {
      if (!isStarting) return;
      credit += (share * units.length) / intervalSeconds;
      if (credit < 1) return;
      const now = performance.now();
      const idle = units.filter(
        (unit) =>
          hasReported.has(unit.IMEI) &&
          !active.has(unit.IMEI) &&
          (restingUntil.get(unit.IMEI) ?? 0) <= now,
      );
      while (credit >= 1 && idle.length > 0) {
        const [unit] = idle.splice(Math.floor(Math.random() * idle.length), 1);
        start(unit!);
        credit -= 1;
      }
      credit = Math.min(credit, 1);
    },
    async settle(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (active.size > 0 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      for (const fault of active.values()) {
        samples.error(fault.report ? 'fault: all-clear never stored' : 'fault: never reported');
      }
    },
  };
}
