import {
  assessLoginThrottle,
  computeLoginFailureCutoff,
  recordLoginFailure,
  type LoginThrottleState,
} from '@monitor/domain/accounts/login-throttle';
import { MESSAGES } from '@monitor/domain/shared/messages';
import type { AppContext } from '../../context';
import { tooManyRequests } from '../../platform/errors';
import {
  deleteExpiredLoginFailures,
  deleteLoginFailures,
  findLoginFailures,
  lockLoginFailures,
  saveLoginFailures,
} from './login-failures.repository';

const NO_FAILURES: LoginThrottleState = { failures: 0, lastFailureAt: null };

/**
 * Expired failure records deleted with each recorded failure. Each failure adds at most two
 * records, so this outpaces any flood, yet one deletion stays short.
 */
export const EXPIRED_LOGIN_FAILURES_PER_PURGE = 100;

/**
 * The throttle keys of one sign-in attempt: the account, so guessing one password from many
 * addresses is slowed, and the address, so trying many accounts from one address is slowed too.
 */
export function loginThrottleKeys(email: string, ip: string): { account: string; address: string } {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${ip}` };
}

/**
 * Refuses (429 with Retry-After) or slows an attempt according to the failures recorded for its
 * keys; the strictest verdict wins. Runs before the password is checked, so a refused attempt
 * learns nothing even when its password is right.
 */
export async function enforceLoginThrottle(
  ctx: AppContext,
  keys: readonly string[],
): Promise<void> {
  const states = await findLoginFailures(ctx.db, keys);
  const now = ctx.now();
  let retryAfterSeconds = 0;
  let delayMs = 0;
  for (const key of keys) {
    const verdict = assessLoginThrottle(states.get(key) ?? NO_FAILURES, now);
    switch (verdict.action) {
      case 'refuse':
        retryAfterSeconds = Math.max(retryAfterSeconds, verdict.retryAfterSeconds);
        break;
      case 'delay':
        delayMs = Math.max(delayMs, verdict.delayMs);
        break;
      case 'allow':
        break;
    }
  }
  if (retryAfterSeconds > 0)
    throw tooManyRequests(MESSAGES.tooManyLoginAttempts, retryAfterSeconds);
  if (delayMs > 0) await ctx.sleep(delayMs);
}

/**
 * Counts one wrong-credentials failure against each key (shared by every server process), then
 * deletes a bounded batch of records that no longer count, so the table cannot grow without limit
 * however many addresses and e-mails are tried (issue #2). Answers whether the next attempt with
 * these keys will be slowed or refused, so the failure answer can say so (issue #24, decision 068).
 */
export async function recordLoginFailures(
  ctx: AppContext,
  keys: readonly string[],
): Promise<{ isSlowed: boolean }> {
  const now = ctx.now();
  let isSlowed = false;
  for (const key of keys) {
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      const state = recordLoginFailure(await lockLoginFailures(trx, key, now), now);
      await saveLoginFailures(trx, key, state);
      return state;
    });
    if (assessLoginThrottle(recorded, now).action !== 'allow') isSlowed = true;
  }
  // Its own statement, outside the transactions above: it holds no lock while waiting for one.
  await deleteExpiredLoginFailures(ctx.db, {
    cutoff: computeLoginFailureCutoff(now),
    limit: EXPIRED_LOGIN_FAILURES_PER_PURGE,
  });
  return { isSlowed };
}

/**
 * Forgets an account's failures after its owner signs in. The address key is kept: otherwise an
 * attacker could reset it by signing in to an account of their own between guesses.
 */
export async function clearLoginFailures(ctx: AppContext, key: string): Promise<void> {
  await deleteLoginFailures(ctx.db, key);
}
