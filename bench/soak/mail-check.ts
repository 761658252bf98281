import type { Fault } from './faults';
import type { FaultType } from './fleet';
import type { ReceivedMail } from './mail-sink';
import type { Samples } from './samples';

/**
 * Alarm e-mails delivered against those expected: each fault the soak raised must bring each of
 * its recipients one alarm e-mail and, once it has cleared, one all-clear (decision 059; the
 * subjects of alarm-messages.ts), and nothing else alarm-like may arrive.
 */

const SUBJECTS: Readonly<Record<FaultType, { alarm: string; clear: string }>> = {
  TEMP: { alarm: 'Temperature out of range', clear: 'Temperature back in range' },
  POWER: { alarm: 'Power is OFF', clear: 'Power is back ON' },
};

const isAlarmLike = (subject: string) =>
  /^(ALARM|REMINDER \d+|All clear|Acknowledged)\b/.test(subject);

const keyOf = (to: string, subject: string) => `${to.toLowerCase()}\n${subject}`;

type Expected = { fault: Fault; change: 'open' | 'clear' };

function expectedMail(faults: readonly Fault[]): Map<string, Expected[]> {
  const expected = new Map<string, Expected[]>();
  const add = (key: string, entry: Expected) =>
    expected.set(key, [...(expected.get(key) ?? []), entry]);
  for (const fault of faults) {
    if (fault.storedAt === undefined) continue;
    const place = `${fault.unit.name} (${fault.unit.SerialNumber})`;
    for (const to of fault.unit.recipients[fault.type]) {
      add(keyOf(to, `ALARM: ${SUBJECTS[fault.type].alarm} - ${place}`), { fault, change: 'open' });
      if (fault.clearStoredAt !== undefined) {
        add(keyOf(to, `All clear: ${SUBJECTS[fault.type].clear} - ${place}`), {
          fault,
          change: 'clear',
        });
      }
    }
  }
  return expected;
}

function receivedMail(received: readonly ReceivedMail[]): Map<string, ReceivedMail[]> {
  const byKey = new Map<string, ReceivedMail[]>();
  for (const mail of received) {
    if (!isAlarmLike(mail.subject)) continue;
    const key = keyOf(mail.to, mail.subject);
    byKey.set(key, [...(byKey.get(key) ?? []), mail]);
  }
  return byKey;
}

/** Whether every expected alarm e-mail has arrived (more may still come: the check counts those). */
export function isMailComplete(
  faults: readonly Fault[],
  received: readonly ReceivedMail[],
): boolean {
  const got = receivedMail(received);
  for (const [key, entries] of expectedMail(faults)) {
    if ((got.get(key)?.length ?? 0) < entries.length) return false;
  }
  return true;
}

export type MailCheck = {
  expected: number;
  delivered: number;
  lost: number;
  doubled: number;
  unexpected: number;
  otherMail: number;
};

/** Counts lost, doubled and unexpected alarm e-mails, and samples report → e-mail delivered. */
export function checkMail(
  faults: readonly Fault[],
  received: readonly ReceivedMail[],
  samples: Samples,
): MailCheck {
  const expected = expectedMail(faults);
  const got = receivedMail(received);
  const check: MailCheck = {
    expected: 0,
    delivered: 0,
    lost: 0,
    doubled: 0,
    unexpected: 0,
    otherMail: received.filter((mail) => !isAlarmLike(mail.subject)).length,
  };
  for (const [key, entries] of expected) {
    const arrivals = got.get(key) ?? [];
    check.expected += entries.length;
    check.delivered += Math.min(arrivals.length, entries.length);
    check.lost += Math.max(0, entries.length - arrivals.length);
    check.doubled += Math.max(0, arrivals.length - entries.length);
    // The n-th e-mail of a subject to an address answers the n-th fault that caused it.
    const sentAts = entries
      .map(({ fault, change }) => (change === 'open' ? fault.report : fault.clear)!.at)
      .sort((a, b) => a - b);
    arrivals.slice(0, sentAts.length).forEach((mail, index) => {
      const sentAt = sentAts[index]!;
      const kind = key.includes('\nALARM:')
        ? 'report → alarm e-mail delivered'
        : 'report → all-clear e-mail delivered';
      samples.add(kind, mail.at - sentAt, sentAt);
    });
  }
  for (const [key, arrivals] of got) {
    if (!expected.has(key)) check.unexpected += arrivals.length;
  }
  if (check.lost > 0) samples.error('alarm e-mail lost', check.lost);
  if (check.doubled > 0) samples.error('alarm e-mail doubled', check.doubled);
  if (check.unexpected > 0) samples.error('alarm e-mail no fault caused', check.unexpected);
  return check;
}
