/**
 * A unit's snooze as the user device answers carry it (`AlarmsSnoozedUntil`, issue #23). Read
 * defensively: a server from before the field answers without it, which reads as not snoozed.
 */
export function readSnoozedUntil(device: object): string | null {
  const value: unknown = (device as { AlarmsSnoozedUntil?: unknown }).AlarmsSnoozedUntil;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** Whether a snooze is still running at `now`; an ended one is not shown. */
export function isSnoozeRunning(until: string | null, now: Date): until is string {
  return until !== null && Date.parse(until) > now.getTime();
}

/** The snooze lengths the API takes (contract `SnoozeHours`). */
export const SNOOZE_HOURS = [1, 4, 24] as const;
export type SnoozeHours = (typeof SNOOZE_HOURS)[number];

export const snoozeLengthLabel = (hours: SnoozeHours) =>
  hours === 1 ? '1 hour' : `${hours} hours`;
