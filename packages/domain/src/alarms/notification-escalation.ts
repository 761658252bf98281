/**
 * Repeat and escalate, per notification (issue #23, decision 059): a notification may wait before
 * telling at all, so that it tells someone only if nobody has acknowledged the alarm by then; it
 * may repeat while the alarm is open and unacknowledged, up to a cap; and it chooses whether its
 * recipient gets the all-clear and the short "acknowledged by …" notice. The limits are the
 * database's (migration 031).
 */

/** How often a notification repeats, in minutes; 0 is off. */
export const REPEAT_INTERVALS = [0, 15, 30, 60] as const;
export type RepeatInterval = (typeof REPEAT_INTERVALS)[number];

/** A day: an alarm nobody has answered for a day is past escalating. */
export const MAX_WAIT_MINUTES = 1440;
export const MIN_REPEAT_CAP = 1;
export const MAX_REPEAT_CAP = 24;

export type NotificationEscalation = {
  waitMinutes: number;
  repeatMinutes: RepeatInterval;
  /** At most this many repeats after the first telling; counts only while repeating is on. */
  repeatCap: number;
  tellsAllClear: boolean;
  tellsAcknowledged: boolean;
};

/** What a notification does when nothing is said: tell at once, once, and tell of both follow-ups. */
export const DEFAULT_ESCALATION: Readonly<NotificationEscalation> = {
  waitMinutes: 0,
  repeatMinutes: 0,
  repeatCap: 3,
  tellsAllClear: true,
  tellsAcknowledged: true,
};

export function isRepeatInterval(value: unknown): value is RepeatInterval {
  return (REPEAT_INTERVALS as readonly unknown[]).includes(value);
}

const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`;
const atMost = (count: number) => (count === 1 ? 'at most once' : `at most ${count} times`);

/**
 * What a notification does beyond telling at once, in short phrases for its row in the schedule
 * ("After 20 minutes unacknowledged", "Repeats every 15 minutes, at most 3 times", …); none for
 * the defaults.
 */
export function describeEscalation(escalation: NotificationEscalation): string[] {
  const phrases: string[] = [];
  if (escalation.waitMinutes > 0)
    phrases.push(`After ${minutes(escalation.waitMinutes)} unacknowledged`);
  if (escalation.repeatMinutes > 0)
    phrases.push(
      `Repeats every ${minutes(escalation.repeatMinutes)}, ${atMost(escalation.repeatCap)}`,
    );
  if (!escalation.tellsAllClear) phrases.push('No all-clear');
  if (!escalation.tellsAcknowledged) phrases.push('No acknowledged notice');
  return phrases;
}
