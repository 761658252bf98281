import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { SignInSource } from '@monitor/domain/accounts/session';
import { isTenantId } from '@monitor/domain/shared/brands';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { capitalizeName } from '@monitor/domain/accounts/names';
import type { RegistrationRequest } from '@monitor/contract/auth';
import type { User } from '@monitor/contract/users';
import type { AppContext } from '../../context';
import { conflict } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/database/errors';
import { findUserByEmail, insertUser } from './users.repository';
import { hashPassword } from '../../platform/security/passwords';
import { signInAs } from './auth.service';
import { buildWelcomeMail } from './mail/welcome.mail';
import { queueDeliveryToSendNow, sendNow, toMailDelivery } from '../outbox/deliveries.service';
import { toProductOriginValues } from './product-origin.service';

export type Registration = z.infer<typeof RegistrationRequest>;

/**
 * Creates an account, signs it in and sends a welcome e-mail in the brand it registered with
 * (store-and-public-site §4 "Registration"). An e-mail already used by any account, in any letter
 * case, is a 409 (store-and-public-site §8). The account and its welcome commit together; the
 * e-mail is handed to the outbox without waiting, as a reset link is: a slow or failing mail
 * server neither delays nor fails the registration, and a failed send is retried (decision 028).
 */
export async function registerUser(
  ctx: AppContext,
  registration: Registration,
  source: SignInSource,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<User> {
  // The unique index decides in the end; this check only spares the slow password hash.
  if (await findUserByEmail(ctx.db, registration.EmailAddress)) {
    throw conflict(MESSAGES.emailInUse);
  }
  const passwordHash = await hashPassword(registration.Password);
  const { row, welcome } = await ctx.db.transaction().execute(async (trx) => {
    let row;
    try {
      row = await insertUser(trx, {
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
    const tenantId = row.tenant_id;
    const message = buildWelcomeMail({
      to: row.email_address,
      firstName: row.first_name,
      // `tid` keeps the brand when the link opens in a browser that never saw the site (startup.ts).
      addDeviceUrl: `${ctx.config.publicUrl}/devices/add?tid=${tenantId}`,
      brand: ctx.brands[isTenantId(tenantId) ? tenantId : 1],
    });
    const welcome = await queueDeliveryToSendNow(ctx, trx, {
      ...toMailDelivery(message),
      kind: 'welcome',
      userId: row.id,
    });
    return { row, welcome };
  });
  // The account exists from here on, signed in or not: its welcome goes either way.
  void sendNow(ctx, welcome, log);
  return signInAs(ctx, row, { source });
}
