/**
 * Repeated failed logins are slowed, then refused, per account and per address, but only for a
 * short while so a real owner locked out by someone guessing gets back in soon (issue #2).
 */
export type LoginThrottleState = { failures: number; lastFailureAt: Date | null };

export type LoginThrottleVerdict =
  | { action: 'allow' }
  | { action: 'delay'; delayMs: number }
  | { action: 'refuse'; retryAfterSeconds: number };

/** Failures before answers are slowed. */
export const LOGIN_SLOW_AFTER = 3;
/** Failures before attempts are refused. */
export const LOGIN_REFUSE_AFTER = 8;
/** Failures are forgotten this long after the last one; it is also the longest a refusal lasts. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The longest a slowed attempt is held before its password is checked. */
export const LOGIN_MAX_DELAY_MS = 2_000;

/**
 * What the sign-in form tells a person after failed attempts (issue #24): the rule above in words,
 * so the slow answer is expected and they know how long it lasts.
 */
export const LOGIN_SLOWED_NOTICE = `After ${LOGIN_SLOW_AFTER} failed attempts, each sign-in is slowed by up to ${LOGIN_MAX_DELAY_MS / 1000} seconds, and after ${LOGIN_REFUSE_AFTER} it is refused, until ${LOGIN_FAILURE_WINDOW_MS / 60_000} minutes pass without a failed attempt.`;

/**
 * Failures last recorded at or before this instant no longer count: neither rule below looks at
 * them, so their records can be deleted (issue #2).
 */
export function computeLoginFailureCutoff(now: Date): Date {
  return new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
}

/** Decides whether a login attempt may proceed given the recorded failures (issue #2). */
export function assessLoginThrottle(state: LoginThrottleState, now: Date): LoginThrottleVerdict {
  if (!state.lastFailureAt) return { action: 'allow' };
  const sinceLast = now.getTime() - state.lastFailureAt.getTime();
  if (sinceLast >= LOGIN_FAILURE_WINDOW_MS) return { action: 'allow' };
  if (state.failures >= LOGIN_REFUSE_AFTER) {
    return {
      action: 'refuse',
      retryAfterSeconds: Math.ceil((LOGIN_FAILURE_WINDOW_MS - sinceLast) / 1000),
    };
  }
  if (state.failures >= LOGIN_SLOW_AFTER) {
    const steps = state.failures - LOGIN_SLOW_AFTER + 1;
    return { action: 'delay', delayMs: Math.min(LOGIN_MAX_DELAY_MS, 250 * 2 ** (steps - 1)) };
  }
  return { action: 'allow' };
}

/** The failure count after one more failure at `now`; old failures outside the window start over (issue #2). */
export function recordLoginFailure(state: LoginThrottleState, now: Date): LoginThrottleState {
  const expired =
    !state.lastFailureAt ||
    now.getTime() - state.lastFailureAt.getTime() >= LOGIN_FAILURE_WINDOW_MS;
  return { failures: expired ? 1 : state.failures + 1, lastFailureAt: now };
}
