import { MESSAGES } from '@monitor/domain/shared/messages';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import type { User } from '@monitor/contract/users';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import { findRoleNames, findUserById } from './users.repository';
import { signInAs } from './auth.service';

/**
 * Opens a 1-hour session in which a staff member acts as a customer (accounts-devices-billing §6).
 * The session records who is impersonating. Staff accounts cannot be impersonated, so staff
 * rights never pass from one staff member to another.
 */
export async function impersonateUser(
  ctx: AppContext,
  { staffUserId, targetUserId }: { staffUserId: number; targetUserId: number },
): Promise<User> {
  const target = await findUserById(ctx.db, targetUserId);
  if (!target) throw notFound('User not found.');
  const roles = await findRoleNames(ctx.db, target.id);
  if (roles.includes(ROLE_STAFF)) throw forbidden(MESSAGES.staffNotImpersonable);
  return signInAs(ctx, target, { source: 'impersonation', impersonatorId: staffUserId });
}
