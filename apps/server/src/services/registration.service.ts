import type { z } from 'zod';
import { MESSAGES } from '@monitor/domain/messages';
import { capitalizeName } from '@monitor/domain/names';
import type { RegistrationRequest } from '@monitor/contract/auth';
import type { User } from '@monitor/contract/users';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { isUniqueViolation } from '../db/errors';
import { findUserByEmail, insertUser } from '../db/repositories/users.repository';
import { hashPassword } from '../security/passwords';
import { signInAs } from './auth.service';
import { toProductOriginValues } from './product-origin.service';

export type Registration = z.infer<typeof RegistrationRequest>;

/**
 * Creates an account and signs it in (store-and-public-site §4 "Registration"). An e-mail already
 * used by any account, in any letter case, is a 409 (store-and-public-site §8).
 */
export async function registerUser(
  ctx: AppContext,
  registration: Registration,
  source: 'web' | 'mobileapp',
): Promise<User> {
  // The unique index decides in the end; this check only spares the slow password hash.
  if (await findUserByEmail(ctx.db, registration.EmailAddress)) {
    throw conflict(MESSAGES.emailInUse);
  }
  const passwordHash = await hashPassword(registration.Password);
  let row;
  try {
    row = await insertUser(ctx.db, {
      first_name: capitalizeName(registration.FirstName),
      last_name: capitalizeName(registration.LastName),
      email_address: registration.EmailAddress,
      password_hash: passwordHash,
      tenant_id: registration.TenantId,
      customer_id: null,
      company_name: registration.CompanyName?.trim() || null,
      ...toProductOriginValues(registration),
      parent_id: null,
    });
  } catch (error) {
    // Two registrations with the same address at once: the second loses at the unique index.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailInUse);
    throw error;
  }
  return signInAs(ctx, row, { source });
}
