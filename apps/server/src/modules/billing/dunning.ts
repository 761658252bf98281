/**
 * The dunning schedule (decision 036): after a subscription charge first declines, the card is
 * tried again 1, 3 and 7 days after that first decline, with an e-mail each time it declines;
 * when the last retry declines too, the subscription is suspended.
 */
export const DUNNING_RETRY_DAYS = [1, 3, 7] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export type DunningStep =
  { kind: 'retry'; nextAttemptAt: Date; lastAttemptAt: Date } | { kind: 'suspend' };

/**
 * What follows the `failedAttempts`-th decline of a period (1 for the first), counted from the
 * moment of the first decline.
 */
export function nextDunningStep(failedAttempts: number, firstDeclineAt: Date): DunningStep {
  const days = DUNNING_RETRY_DAYS[failedAttempts - 1];
  if (days === undefined) return { kind: 'suspend' };
  const lastDays = DUNNING_RETRY_DAYS[DUNNING_RETRY_DAYS.length - 1] ?? days;
  return {
    kind: 'retry',
    nextAttemptAt: new Date(firstDeclineAt.getTime() + days * DAY_MS),
    lastAttemptAt: new Date(firstDeclineAt.getTime() + lastDays * DAY_MS),
  };
}
