import type { DeviceReport } from '@monitor/simulator';
import { normalTimestamp } from './faults';
import type { Samples } from './samples';
import type { CallWatcher } from './units';

/**
 * Report → live reading: for each unit whose `/live?imei=` socket is open, every report the
 * server stores must arrive on it once, as a device_single_report. One stored while the socket
 * was open from before it left and not seen within 15 s is late; still not seen when the run
 * ends (`finish`), missing. One seen twice is doubled.
 */

const DUE_MS = 15_000;
const KEEP_MS = 120_000;

export type LiveReadings = {
  watcher: CallWatcher;
  watch: (imei: string, since: number) => void;
  unwatch: (imei: string) => void;
  onMessage: (imei: string, message: unknown, at: number) => void;
  sweep: (now: number) => void;
  /** Counts what never came as missing; answers how many came later than 15 s. */
  finish: () => number;
};

export function createLiveReadings(samples: Samples): LiveReadings {
  const watched = new Map<string, number>();
  const sent = new Map<string, number>();
  const expected = new Map<string, { imei: string; sentAt: number; deadline: number }>();
  const arrived = new Map<string, number>();
  const overdue = new Set<string>();
  let late = 0;
  const keyOf = (imei: string, timestamp: string) => `${imei} ${normalTimestamp(timestamp)}`;
  const each = (imei: string, reports: DeviceReport[], visit: (key: string) => void) => {
    if (!watched.has(imei)) return;
    for (const report of reports) visit(keyOf(imei, report.ReportTimestamp));
  };

  return {
    watcher: {
      onSend: (imei, reports, at) =>
        each(imei, reports, (key) => {
          if (!sent.has(key)) sent.set(key, at);
        }),
      onStored: (imei, reports, at) =>
        each(imei, reports, (key) => {
          const sentAt = sent.get(key);
          const since = watched.get(imei)!;
          if (sentAt !== undefined && since < sentAt && !arrived.has(key)) {
            expected.set(key, { imei, sentAt, deadline: at + DUE_MS });
          }
        }),
    },
    watch: (imei, since) => watched.set(imei, since),
    unwatch(imei) {
      watched.delete(imei);
      for (const [key, due] of expected) if (due.imei === imei) expected.delete(key);
    },
    onMessage(imei, message, at) {
      const body = (message as { message_type?: string; message_body?: { timestamp?: string } })
        ?.message_body;
      if ((message as { message_type?: string })?.message_type !== 'device_single_report') {
        samples.error('live: unexpected message');
        return;
      }
      if (!body?.timestamp) return;
      const key = keyOf(imei, body.timestamp);
      if (arrived.has(key)) {
        samples.error('live reading doubled');
        return;
      }
      arrived.set(key, at);
      expected.delete(key);
      if (overdue.delete(key)) late += 1;
      const sentAt = sent.get(key);
      if (sentAt !== undefined) samples.add('report → live reading', at - sentAt, sentAt);
    },
    sweep(now) {
      for (const [key, due] of expected) {
        if (now < due.deadline) continue;
        expected.delete(key);
        const since = watched.get(due.imei);
        if (since !== undefined && since < due.sentAt) overdue.add(key);
      }
      for (const [key, at] of sent) if (now - at > KEEP_MS) sent.delete(key);
      for (const [key, at] of arrived) if (now - at > KEEP_MS) arrived.delete(key);
    },
    finish() {
      if (overdue.size > 0) samples.error('live reading missing', overdue.size);
      return late;
    },
  };
}
