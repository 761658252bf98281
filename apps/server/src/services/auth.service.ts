import type { SessionSource } from '@monitor/domain/session';
import { MESSAGES } from '@monitor/domain/messages';
import type { User } from '@monitor/contract/users';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import { findUserByEmail } from '../db/repositories/users.repository';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../security/passwords';
import { openSession } from './sessions.service';
import { toUserEntity } from './users.service';

/**
 * Signs a user in by e-mail and password and answers the User with a new AccessToken. The same
 * message answers an unknown e-mail and a wrong password so neither is revealed.
 */
export async function login(
  ctx: AppContext,
  {
    username,
    password,
    source,
  }: { username: string; password: string; source: Extract<SessionSource, 'web' | 'mobileapp'> },
): Promise<User> {
  const row = await findUserByEmail(ctx.db, username);
  const isValid = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!row || !isValid) throw unauthorized(MESSAGES.invalidLogin);
  const session = await openSession(ctx, { userId: row.id, source });
  return {
    ...(await toUserEntity(ctx, row)),
    AccessToken: session.token,
    AccessTokenExpires: session.expiresAt.toISOString(),
  };
}
