import { MESSAGES } from '@monitor/domain/shared/messages';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import { revokeUserAccessTokens } from './access-tokens.repository';
import { findUserById, updateUser } from './users.repository';
import { hashPassword, verifyPassword } from '../../platform/security/passwords';
import { actorOf, recordImpersonationsEnded, type Session } from './sessions.service';
import { insertAuditEvents } from '../audit/audit.repository';

/**
 * Changes the caller's password after checking the current one (accounts-devices-billing §7).
 * Every other session of the user ends, so a device someone else signed in on is signed out;
 * the calling session stays.
 */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<void> {
  const row = await findUserById(ctx.db, session.userId);
  if (!row) throw notFound('User not found.');
  if (!(await verifyPassword(currentPassword, row.password_hash))) {
    throw badRequest(MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, row.id, { password_hash: passwordHash });
    const ended = await revokeUserAccessTokens(trx, row.id, ctx.now(), session.tokenId);
    await recordImpersonationsEnded(trx, ended, { reason: 'password-change', at: ctx.now() });
    await insertAuditEvents(trx, [
      {
        action: 'account.password-change',
        userId: row.id,
        actorId: actorOf(session),
        at: ctx.now(),
      },
    ]);
  });
}
