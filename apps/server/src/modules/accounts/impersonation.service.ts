import { MESSAGES } from '@monitor/domain/shared/messages';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import type { User } from '@monitor/contract/users';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import { insertAuditEvents } from '../audit/audit.repository';
import { findRoleNames, findUserById } from './users.repository';
import { signInAs } from './auth.service';
import type { Session } from './sessions.service';

/**
 * Opens a 1-hour session in which a staff member acts as a customer (accounts-devices-billing §6),
 * from the staff member's own session (the staff scope refuses an impersonation session). The new
 * session carries the customer's powers only, ends when the staff session ends, and is recorded
 * in the audit log. Staff accounts cannot be impersonated, so staff rights never pass from one
 * staff member to another.
 */
export async function impersonateUser(
  ctx: AppContext,
  { staffSession, targetUserId }: { staffSession: Session; targetUserId: number },
): Promise<User> {
  const target = await findUserById(ctx.db, targetUserId);
  if (!target) throw notFound('User not found.');
  const roles = await findRoleNames(ctx.db, target.id);
  if (roles.includes(ROLE_STAFF)) throw forbidden(MESSAGES.staffNotImpersonable);
  return ctx.db.transaction().execute(async (trx) => {
    const user = await signInAs({ ...ctx, db: trx }, target, {
      source: 'impersonation',
      staffSession,
    });
    await insertAuditEvents(trx, [
      {
        action: 'impersonation.start',
        userId: target.id,
        actorId: staffSession.userId,
        detail: { expiresAt: user.AccessTokenExpires },
        at: ctx.now(),
      },
    ]);
    return user;
  });
}
