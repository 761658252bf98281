import type { z } from 'zod';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { capitalizeName } from '@monitor/domain/accounts/names';
import type { UpdateUserRequest, User } from '@monitor/contract/users';
import type { AppContext } from '../../context';
import type { Transaction } from 'kysely';
import { isTenantId } from '@monitor/domain/shared/brands';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { DB } from '../../platform/database/schema';
import { verifyPassword } from '../../platform/security/passwords';
import { insertAuditEvents } from '../audit/audit.repository';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { buildEmailChangedMail } from './mail/email-changed.mail';
import { actorOf, type Session } from './sessions.service';
import { isUniqueViolation } from '../../platform/database/errors';
import {
  findUserByEmail,
  findUserById,
  findUserProfile,
  updateUser,
  type UserProfileRow,
  type UserRow,
} from './users.repository';
import { toBillingAddressEntity } from './billing-addresses.service';

/** Builds the User entity (accounts-devices-billing §3) the web app reads, in one query. */
export async function getUserEntity(ctx: AppContext, userId: number): Promise<User> {
  const profile = await findUserProfile(ctx.db, userId);
  if (!profile) throw notFound('User not found.');
  return toUserEntity(profile);
}

export function toUserEntity(profile: UserProfileRow): User {
  return {
    Id: profile.id,
    FirstName: profile.first_name,
    LastName: profile.last_name,
    FullName: `${profile.first_name} ${profile.last_name}`,
    EmailAddress: profile.email_address,
    TenantId: profile.tenant_id,
    CustomerId: profile.customer_id,
    BillingType: profile.billing_type,
    SubAccount:
      profile.parent_id !== null && profile.parent_first_name !== null
        ? {
            ParentId: profile.parent_id,
            ParentName: `${profile.parent_first_name} ${profile.parent_last_name}`,
            DateCreated: profile.created_at.toISOString(),
          }
        : null,
    UserPref: { UserPrefsId: profile.id, UserId: profile.id, TempPref: profile.temp_pref },
    Roles: profile.role_names.map((Name) => ({ Name })),
    DefaultBillingAddress: profile.default_billing_address
      ? toBillingAddressEntity(profile.default_billing_address)
      : null,
  };
}

export type UserChanges = z.infer<typeof UpdateUserRequest>;

/** The notice to the old address and the audit entry of a sign-in e-mail change, in its transaction. */
async function recordEmailChange(
  ctx: AppContext,
  trx: Transaction<DB>,
  user: UserRow,
  newEmail: string,
  session: Session,
): Promise<void> {
  const brand = ctx.brands[isTenantId(user.tenant_id) ? user.tenant_id : 1];
  const notice = buildEmailChangedMail({
    to: user.email_address,
    firstName: user.first_name,
    newAddress: newEmail,
    brand,
  });
  await queueDelivery(
    ctx,
    { ...toMailDelivery(notice), kind: 'email-changed', userId: user.id },
    trx,
  );
  await insertAuditEvents(trx, [
    {
      action: 'account.email-change',
      userId: user.id,
      actorId: actorOf(session),
      detail: { from: user.email_address, to: newEmail },
      at: ctx.now(),
    },
  ]);
}

/**
 * Updates the account settings (accounts-devices-billing §2 "Account settings"): names get their
 * first letter capitalised, an e-mail address used by another account is a 409, and the
 * temperature unit is F or C. A new e-mail address is the sign-in: it needs the current password
 * (400 without it or with a wrong one), the old address is told, and the audit log records it
 * (issue #22). The same address sent back is no change.
 */
export async function updateUserAccount(
  ctx: AppContext,
  session: Session,
  changes: UserChanges,
): Promise<User> {
  const userId = session.userId;
  const current = await findUserById(ctx.db, userId);
  if (!current) throw notFound('User not found.');
  const newEmail =
    changes.EmailAddress !== undefined && changes.EmailAddress !== current.email_address
      ? changes.EmailAddress
      : undefined;
  if (newEmail !== undefined) {
    if (!changes.CurrentPassword) throw badRequest(MESSAGES.currentPasswordForEmail);
    if (!(await verifyPassword(changes.CurrentPassword, current.password_hash)))
      throw badRequest(MESSAGES.currentPasswordWrong);
    const owner = await findUserByEmail(ctx.db, newEmail);
    if (owner && owner.id !== userId) throw conflict(MESSAGES.emailInUse);
  }
  const values = {
    ...(changes.FirstName !== undefined && { first_name: capitalizeName(changes.FirstName) }),
    ...(changes.LastName !== undefined && { last_name: capitalizeName(changes.LastName) }),
    ...(newEmail !== undefined && { email_address: newEmail }),
    ...(changes.UserPref?.TempPref !== undefined && { temp_pref: changes.UserPref.TempPref }),
  };
  try {
    // A body with nothing to change answers the user as it is (an empty UPDATE is not valid SQL).
    if (Object.keys(values).length > 0)
      await ctx.db.transaction().execute(async (trx) => {
        await updateUser(trx, userId, values);
        if (newEmail !== undefined) await recordEmailChange(ctx, trx, current, newEmail, session);
      });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailInUse);
    throw error;
  }
  return getUserEntity(ctx, userId);
}
