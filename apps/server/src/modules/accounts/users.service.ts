import type { z } from 'zod';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { capitalizeName } from '@monitor/domain/accounts/names';
import type { UpdateUserRequest, User } from '@monitor/contract/users';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/database/errors';
import {
  findUserByEmail,
  findUserProfile,
  updateUser,
  type UserProfileRow,
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

/**
 * Updates the account settings (accounts-devices-billing §2 "Account settings"): names get their
 * first letter capitalised, an e-mail address used by another account is a 409, and the
 * temperature unit is F or C.
 */
export async function updateUserAccount(
  ctx: AppContext,
  userId: number,
  changes: UserChanges,
): Promise<User> {
  if (changes.EmailAddress) {
    const owner = await findUserByEmail(ctx.db, changes.EmailAddress);
    if (owner && owner.id !== userId) throw conflict(MESSAGES.emailInUse);
  }
  const values = {
    ...(changes.FirstName !== undefined && { first_name: capitalizeName(changes.FirstName) }),
    ...(changes.LastName !== undefined && { last_name: capitalizeName(changes.LastName) }),
    ...(changes.EmailAddress !== undefined && { email_address: changes.EmailAddress }),
    ...(changes.UserPref?.TempPref !== undefined && { temp_pref: changes.UserPref.TempPref }),
  };
  try {
    // A body with nothing to change answers the user as it is (an empty UPDATE is not valid SQL).
    if (Object.keys(values).length > 0 && !(await updateUser(ctx.db, userId, values))) {
      throw notFound('User not found.');
    }
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailInUse);
    throw error;
  }
  return getUserEntity(ctx, userId);
}
