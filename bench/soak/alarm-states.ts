import type { Fault, FaultListener } from './faults';
import { normalTimestamp } from './faults';
import type { Samples } from './samples';

/**
 * Report → alarm state on an open dashboard (decision 021): each fault's opening and clearing
 * must reach its owner's `/live/alarms` socket once, as an alarm_state naming the unit, the alarm
 * type and the report; one not seen within 15 s of the report's answer is late, and missing if
 * it never comes (`finish`). Every alarm state the soak did not cause is an error: the faults are
 * the only alarms its units have.
 */

const DUE_MS = 15_000;

type Due = { owner: number; sentAt: number; deadline?: number };

export type AlarmStates = {
  listener: FaultListener;
  watch: (owner: number, since: number) => void;
  unwatch: (owner: number) => void;
  onMessage: (owner: number, message: unknown, at: number) => void;
  sweep: (now: number) => void;
  /** Counts what never came as missing; answers how many came later than 15 s. */
  finish: () => number;
};

export function createAlarmStates(samples: Samples): AlarmStates {
  const watched = new Map<number, number>();
  const expected = new Map<string, Due>();
  const arrived = new Set<string>();
  const overdue = new Map<string, Due>();
  let late = 0;
  const keyOf = (imei: string, type: string, isAlarm: boolean, timestamp: string) =>
    `${imei} ${type} ${isAlarm} ${normalTimestamp(timestamp)}`;
  const faultKey = (fault: Fault, change: 'open' | 'clear') => {
    const report = change === 'open' ? fault.report : fault.clear;
    return report && keyOf(fault.unit.IMEI, fault.type, change === 'open', report.timestamp);
  };

  return {
    listener: {
      onSent(fault, change) {
        const key = faultKey(fault, change);
        const sent = change === 'open' ? fault.report : fault.clear;
        if (key && sent) expected.set(key, { owner: fault.unit.owner, sentAt: sent.at });
      },
      onStored(fault, change) {
        const key = faultKey(fault, change);
        const due = key && expected.get(key);
        if (due) due.deadline = performance.now() + DUE_MS;
      },
    },
    watch: (owner, since) => watched.set(owner, since),
    unwatch: (owner) => watched.delete(owner),
    onMessage(owner, message, at) {
      const { message_type: type, message_body: body } = (message ?? {}) as {
        message_type?: string;
        message_body?: { imei: string; alarm_type: string; is_alarm: boolean; timestamp: string };
      };
      if (type !== 'alarm_state' || !body) {
        samples.error('live alarms: unexpected message');
        return;
      }
      const key = keyOf(body.imei, body.alarm_type, body.is_alarm, body.timestamp);
      if (arrived.has(key)) {
        samples.error('alarm state doubled');
        return;
      }
      arrived.add(key);
      const due = expected.get(key) ?? overdue.get(key);
      if (overdue.delete(key)) late += 1;
      if (!due || due.owner !== owner) {
        samples.error(`alarm state no fault caused (${body.alarm_type})`);
        return;
      }
      expected.delete(key);
      samples.add(
        body.is_alarm ? 'report → alarm state (raised)' : 'report → alarm state (cleared)',
        at - due.sentAt,
        due.sentAt,
      );
    },
    sweep(now) {
      for (const [key, due] of expected) {
        if (due.deadline === undefined || now < due.deadline) continue;
        expected.delete(key);
        const since = watched.get(due.owner);
        if (since !== undefined && since < due.sentAt) overdue.set(key, due);
      }
    },
    finish() {
      if (overdue.size > 0) samples.error('alarm state missing', overdue.size);
      return late;
    },
  };
}
