import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isTenantId } from '@monitor/domain/brands';
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
import { buildWelcomeMail } from './mail/welcome.mail';
import { toProductOriginValues } from './product-origin.service';

export type Registration = z.infer<typeof RegistrationRequest>;

/**
 * Creates an account, signs it in and sends a welcome e-mail in the brand it registered with
 * (store-and-public-site §4 "Registration"). An e-mail already used by any account, in any letter
 * case, is a 409 (store-and-public-site §8). The e-mail goes out after the answer, as a reset link
 * does: a slow or failing mail server neither delays nor fails the registration.
 */
export async function registerUser(
  ctx: AppContext,
  registration: Registration,
  source: 'web' | 'mobileapp',
  log: Pick<FastifyBaseLogger, 'error'>,
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
  const user = await signInAs(ctx, row, { source });
  const tenantId = row.tenant_id;
  const message = buildWelcomeMail({
    to: row.email_address,
    firstName: row.first_name,
    devicesUrl: `${ctx.config.publicUrl}/devices?tid=${tenantId}`,
    brand: ctx.brands[isTenantId(tenantId) ? tenantId : 1],
  });
  ctx.mailer.send(message).catch((error: unknown) => {
    log.error({ err: error, userId: row.id }, 'welcome e-mail could not be sent');
  });
  return user;
}
