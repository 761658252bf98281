import type { z } from 'zod';
import { MESSAGES } from '@monitor/domain/messages';
import { capitalizeName } from '@monitor/domain/names';
import type { UpdateUserRequest, User } from '@monitor/contract/users';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { isUniqueViolation } from '../db/errors';
import {
  findRoleNames,
  findUserByEmail,
  findUserById,
  updateUser,
  type UserRow,
} from '../db/repositories/users.repository';
import { findDefaultBillingAddress, toBillingAddressEntity } from './billing-addresses.service';

/** Builds the User entity (accounts-devices-billing §3) the web app reads. */
export async function getUserEntity(ctx: AppContext, userId: number): Promise<User> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound('User not found.');
  return toUserEntity(ctx, row);
}

export async function toUserEntity(ctx: AppContext, row: UserRow): Promise<User> {
  const [roles, address, parent] = await Promise.all([
    findRoleNames(ctx.db, row.id),
    findDefaultBillingAddress(ctx, row.id),
    row.parent_id ? findUserById(ctx.db, row.parent_id) : Promise.resolve(undefined),
  ]);
  return {
    Id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    FullName: `${row.first_name} ${row.last_name}`,
    EmailAddress: row.email_address,
    TenantId: row.tenant_id,
    CustomerId: row.customer_id,
    BillingType: row.billing_type,
    SubAccount: parent
      ? {
          ParentId: parent.id,
          ParentName: `${parent.first_name} ${parent.last_name}`,
          DateCreated: row.created_at.toISOString(),
        }
      : null,
    UserPref: { UserPrefsId: row.id, UserId: row.id, TempPref: row.temp_pref },
    Roles: roles.map((Name) => ({ Name })),
    DefaultBillingAddress: address ? toBillingAddressEntity(address) : null,
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
  let row: UserRow | undefined;
  try {
    // A body with nothing to change answers the user as it is (an empty UPDATE is not valid SQL).
    row =
      Object.keys(values).length > 0
        ? await updateUser(ctx.db, userId, values)
        : await findUserById(ctx.db, userId);
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailInUse);
    throw error;
  }
  if (!row) throw notFound('User not found.');
  return toUserEntity(ctx, row);
}
