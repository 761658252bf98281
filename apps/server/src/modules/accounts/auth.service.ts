import type { SessionSource, SignInSource } from '@monitor/domain/accounts/session';
import { MESSAGES } from '@monitor/domain/shared/messages';
import type { User } from '@monitor/contract/users';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { findUserByEmail, type UserRow } from './users.repository';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../platform/security/passwords';
import {
  clearLoginFailures,
  enforceLoginThrottle,
  loginThrottleKeys,
  recordLoginFailures,
} from './login-throttle.service';
import {
  closeSession,
  openSession,
  recordImpersonationsEnded,
  type Session,
} from './sessions.service';
import { getUserEntity } from './users.service';

/** Opens a session for a user and answers the User with its AccessToken and expiry. */
export async function signInAs(
  ctx: AppContext,
  row: UserRow,
  { source, staffSession = null }: { source: SessionSource; staffSession?: Session | null },
): Promise<User> {
  const session = await openSession(ctx, { userId: row.id, source, staffSession });
  return {
    ...(await getUserEntity(ctx, row.id)),
    AccessToken: session.token,
    AccessTokenExpires: session.expiresAt.toISOString(),
  };
}

/**
 * Signs a user in by e-mail and password and answers the User with a new AccessToken. The same
 * message answers an unknown e-mail and a wrong password so neither is revealed. Repeated
 * failures per account and per address are slowed, then refused for a while (issue #2).
 */
export async function login(
  ctx: AppContext,
  {
    username,
    password,
    source,
    ip,
  }: {
    username: string;
    password: string;
    source: SignInSource;
    ip: string;
  },
): Promise<User> {
  const keys = loginThrottleKeys(username, ip);
  await enforceLoginThrottle(ctx, [keys.account, keys.address]);
  const row = await findUserByEmail(ctx.db, username.trim());
  const isValid = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!row || !isValid) {
    const { isSlowed } = await recordLoginFailures(ctx, [keys.account, keys.address]);
    // Whether further attempts are slowed travels with the 401 (LoginFailure), so every form,
    // tab and device learns it from the server's count, not its own (decision 068).
    throw new AppError(401, MESSAGES.invalidLogin, {}, { isSlowed });
  }
  await clearLoginFailures(ctx, keys.account);
  return signInAs(ctx, row, { source });
}

/**
 * Ends the calling session; its token stops working at once, and so do the impersonations it
 * started. Ending an impersonation is the staff member's return.
 */
export async function logout(ctx: AppContext, session: Session): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const ended = await closeSession({ ...ctx, db: trx }, session);
    await recordImpersonationsEnded(trx, ended, {
      reason: session.impersonatorId === null ? 'sign-out' : 'return',
      at: ctx.now(),
    });
  });
}
