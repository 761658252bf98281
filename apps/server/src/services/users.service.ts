import type { User } from '@monitor/contract/users';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { findRoleNames, findUserById, type UserRow } from '../db/repositories/users.repository';
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
