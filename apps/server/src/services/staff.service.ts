import type { Kysely } from 'kysely';
import { capitalizeName } from '@monitor/domain/names';
import { ROLE_STAFF } from '@monitor/domain/roles';
import type { DB } from '../db/schema';
import { addRole, findUserByEmail, insertUser } from '../db/repositories/users.repository';
import { hashPassword } from '../security/passwords';

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
