import type { Kysely } from 'kysely';
import {
  STAFF_SEARCH_DEVICES_PER_USER,
  STAFF_SEARCH_PAGE_SIZE,
  type StaffUserSearchAnswer,
} from '@monitor/contract/staff';
import { capitalizeName } from '@monitor/domain/accounts/names';
import { hasRole, ROLE_STAFF } from '@monitor/domain/accounts/roles';
import type { DB } from '../../platform/database/schema';
import { findDevicesOfUsers, findUsersForStaff } from './staff-search.repository';
import { addRole, findRoleNames, findUserByEmail, insertUser } from './users.repository';
import type { Session } from './sessions.service';
import { hashPassword } from '../../platform/security/passwords';

/**
 * Whether a session may use the staff tools: the staff member's own session, never one that
 * impersonates a customer, whose powers are the customer's alone (accounts-devices-billing §6).
 */
export async function isStaffSession(
  db: Kysely<DB>,
  session: Pick<Session, 'userId' | 'impersonatorId'>,
): Promise<boolean> {
  if (session.impersonatorId !== null) return false;
  const roles = await findRoleNames(db, session.userId);
  return hasRole(
    roles.map((Name) => ({ Name })),
    ROLE_STAFF,
  );
}

export type StaffResult = { userId: number; email: string; isNewUser: boolean };

/**
 * Makes a staff member (who may impersonate customers, accounts-devices-billing §6): a new user
 * with the STAFF role, or the role added to an existing user, whose password is then left alone.
 */
export async function createStaffUser(
  db: Kysely<DB>,
  {
    email,
    password,
    firstName,
    lastName,
    tenantId,
  }: { email: string; password: string; firstName: string; lastName: string; tenantId: number },
): Promise<StaffResult> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await addRole(db, existing.id, ROLE_STAFF);
    return { userId: existing.id, email: existing.email_address, isNewUser: false };
  }
  const row = await insertUser(db, {
    first_name: capitalizeName(firstName),
    last_name: capitalizeName(lastName),
    email_address: email,
    password_hash: await hashPassword(password),
    tenant_id: tenantId,
  });
  await addRole(db, row.id, ROLE_STAFF);
  return { userId: row.id, email: row.email_address, isNewUser: true };
}

/** Adds the STAFF role to an existing user; null when no user has that e-mail address. */
export async function grantStaffRole(db: Kysely<DB>, email: string): Promise<StaffResult | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  await addRole(db, user.id, ROLE_STAFF);
  return { userId: user.id, email: user.email_address, isNewUser: false };
}

/**
 * One page of the customers staff may impersonate whose e-mail address, or a unit's serial number
 * or IMEI, contains `search`; each with the first few of their units, so the right account is
 * recognised before acting as it.
 */
export async function searchUsersForStaff(
  db: Kysely<DB>,
  { search, page }: { search: string; page: number },
): Promise<StaffUserSearchAnswer> {
  const { rows, total } = await findUsersForStaff(db, {
    search,
    limit: STAFF_SEARCH_PAGE_SIZE,
    offset: (page - 1) * STAFF_SEARCH_PAGE_SIZE,
  });
  const devices = await findDevicesOfUsers(db, {
    userIds: rows.map((row) => row.id),
    perUser: STAFF_SEARCH_DEVICES_PER_USER,
  });
  return {
    Users: rows.map((row) => {
      const own = devices.filter((device) => device.user_id === row.id);
      return {
        Id: row.id,
        FullName: `${row.first_name} ${row.last_name}`.trim(),
        EmailAddress: row.email_address,
        TenantId: row.tenant_id,
        IsSubAccount: row.parent_id !== null,
        Devices: own.map((device) => ({
          DeviceId: device.imei,
          SerialNumber: device.serial_number,
          Name: device.name,
        })),
        DeviceCount: own[0]?.device_count ?? 0,
      };
    }),
    Total: total,
    Page: page,
    PageSize: STAFF_SEARCH_PAGE_SIZE,
  };
}
