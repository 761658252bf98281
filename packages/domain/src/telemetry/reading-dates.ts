/**
 * Which dates a unit's reading may carry (docs/device-protocol.md; issue #22, decision 055). A
 * unit's clock can be wrong: reset to 1970 after a power loss, or set ahead. A reading dated
 * before the unit was provisioned, or ahead of now, cannot be true, and stored it would sit in
 * the history at a time it never happened (or move "last report" into the future).
 */

const MINUTE_MS = 60_000;

/**
 * How far before its provisioning a reading may be dated: a unit is tested on the bench around
 * then, and its clock and ours may disagree by hours (time zone set wrong), not by days.
 */
export const PROVISIONING_SKEW_MS = 24 * 60 * MINUTE_MS;

/** How far ahead of now a reading may be dated: clock drift between a unit and the server. */
export const MAX_FUTURE_SKEW_MS = 5 * MINUTE_MS;

export type ReadingDateProblem = 'before-provisioning' | 'in-future';

/**
 * Why a reading dated `at` cannot be true for a unit provisioned at `provisionedAt`, or null when
 * it can: dated more than `PROVISIONING_SKEW_MS` before the provisioning, or more than
 * `MAX_FUTURE_SKEW_MS` after `now`. A date that is not a date counts as before provisioning.
 */
export function findReadingDateProblem(
  at: Date,
  { provisionedAt, now }: { provisionedAt: Date; now: Date },
): ReadingDateProblem | null {
  const time = at.getTime();
  if (Number.isNaN(time) || time < provisionedAt.getTime() - PROVISIONING_SKEW_MS)
    return 'before-provisioning';
  if (time > now.getTime() + MAX_FUTURE_SKEW_MS) return 'in-future';
  return null;
}
