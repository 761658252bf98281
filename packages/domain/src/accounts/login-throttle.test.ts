import { describe, expect, it } from 'vitest';
import {
  assessLoginThrottle,
  computeLoginFailureCutoff,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_DELAY_MS,
  LOGIN_REFUSE_AFTER,
  LOGIN_SLOWED_NOTICE,
  LOGIN_SLOW_AFTER,
  recordLoginFailure,
  type LoginThrottleState,
} from './login-throttle';

const now = new Date('2026-05-01T12:00:00Z');
const at = (msAgo: number) => new Date(now.getTime() - msAgo);
const state = (failures: number, msAgo = 0): LoginThrottleState => ({
  failures,
  lastFailureAt: at(msAgo),
});

describe('assessLoginThrottle', () => {
  it('allows a key that never failed (issue #2)', () => {
    expect(assessLoginThrottle({ failures: 0, lastFailureAt: null }, now)).toEqual({
      action: 'allow',
    });
  });

  it('allows attempts below the slow-down threshold (issue #2)', () => {
    expect(assessLoginThrottle(state(LOGIN_SLOW_AFTER - 1), now)).toEqual({ action: 'allow' });
  });

  it('slows answers from the third failure on, doubling the delay (issue #2)', () => {
    expect(assessLoginThrottle(state(LOGIN_SLOW_AFTER), now)).toEqual({
      action: 'delay',
      delayMs: 250,
    });
    expect(assessLoginThrottle(state(LOGIN_SLOW_AFTER + 1), now)).toEqual({
      action: 'delay',
      delayMs: 500,
    });
  });

  it('never delays longer than 2 seconds (issue #2)', () => {
    const verdict = assessLoginThrottle(state(LOGIN_REFUSE_AFTER - 1), now);
    expect(verdict).toEqual({ action: 'delay', delayMs: 2_000 });
  });

  it('refuses once the refusal threshold is reached, until the window after the last failure ends (issue #2)', () => {
    expect(assessLoginThrottle(state(LOGIN_REFUSE_AFTER, 60_000), now)).toEqual({
      action: 'refuse',
      retryAfterSeconds: (LOGIN_FAILURE_WINDOW_MS - 60_000) / 1000,
    });
  });

  it('rounds the retry-after up so a client never retries too early', () => {
    const verdict = assessLoginThrottle(state(LOGIN_REFUSE_AFTER, 1), now);
    expect(verdict).toEqual({
      action: 'refuse',
      retryAfterSeconds: LOGIN_FAILURE_WINDOW_MS / 1000,
    });
  });

  it('allows again once the window after the last failure has passed, so the real owner gets back in (issue #2)', () => {
    expect(assessLoginThrottle(state(50, LOGIN_FAILURE_WINDOW_MS), now)).toEqual({
      action: 'allow',
    });
    expect(assessLoginThrottle(state(50, LOGIN_FAILURE_WINDOW_MS - 1), now).action).toBe('refuse');
  });
});

describe('recordLoginFailure', () => {
  it('counts the first failure as 1', () => {
    expect(recordLoginFailure({ failures: 0, lastFailureAt: null }, now)).toEqual({
      failures: 1,
      lastFailureAt: now,
    });
  });

  it('adds to failures inside the window', () => {
    expect(recordLoginFailure(state(4, 1_000), now)).toEqual({ failures: 5, lastFailureAt: now });
  });

  it('starts over when the last failure is older than the window (issue #2)', () => {
    expect(recordLoginFailure(state(9, LOGIN_FAILURE_WINDOW_MS), now)).toEqual({
      failures: 1,
      lastFailureAt: now,
    });
  });

  it('reaches refusal after exactly LOGIN_REFUSE_AFTER quick failures', () => {
    let current: LoginThrottleState = { failures: 0, lastFailureAt: null };
    for (let i = 0; i < LOGIN_REFUSE_AFTER - 1; i += 1) current = recordLoginFailure(current, now);
    expect(assessLoginThrottle(current, now).action).toBe('delay');
    current = recordLoginFailure(current, now);
    expect(assessLoginThrottle(current, now).action).toBe('refuse');
  });
});

describe('computeLoginFailureCutoff', () => {
  it('lies one failure window before now (issue #2)', () => {
    expect(computeLoginFailureCutoff(now)).toEqual(at(LOGIN_FAILURE_WINDOW_MS));
  });

  it('marks a record no rule counts any more: one at the cutoff is ignored, one just after still counts (issue #2)', () => {
    const cutoff = computeLoginFailureCutoff(now);
    const atCutoff: LoginThrottleState = { failures: 50, lastFailureAt: cutoff };
    expect(assessLoginThrottle(atCutoff, now)).toEqual({ action: 'allow' });
    expect(recordLoginFailure(atCutoff, now).failures).toBe(1);
    const justAfter: LoginThrottleState = {
      failures: 50,
      lastFailureAt: new Date(cutoff.getTime() + 1),
    };
    expect(assessLoginThrottle(justAfter, now).action).toBe('refuse');
    expect(recordLoginFailure(justAfter, now).failures).toBe(51);
  });
});

describe('LOGIN_SLOWED_NOTICE', () => {
  it('states the rule the throttle applies: slowed from 3 failures by up to 2 s, refused from 8, for 15 minutes after the last (issue #24)', () => {
    expect(LOGIN_SLOWED_NOTICE).toBe(
      'After 3 failed attempts, each sign-in is slowed by up to 2 seconds, and after 8 it is refused, until 15 minutes pass without a failed attempt.',
    );
    expect(assessLoginThrottle(state(2), now)).toEqual({ action: 'allow' });
    expect(assessLoginThrottle(state(3), now).action).toBe('delay');
    const delays = [3, 4, 5, 6, 7].map((failures) => assessLoginThrottle(state(failures), now));
    expect(delays.map((verdict) => (verdict.action === 'delay' ? verdict.delayMs : -1))).toEqual([
      250,
      500,
      1000,
      LOGIN_MAX_DELAY_MS,
      LOGIN_MAX_DELAY_MS,
    ]);
    expect(assessLoginThrottle(state(8), now).action).toBe('refuse');
    expect(assessLoginThrottle(state(7, 15 * 60_000), now)).toEqual({ action: 'allow' });
    expect(assessLoginThrottle(state(8, 15 * 60_000 - 1), now).action).toBe('refuse');
  });
});
