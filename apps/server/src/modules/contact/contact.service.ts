import type { FastifyBaseLogger } from 'fastify';
import type { ContactRequest } from '@monitor/contract/contact';
import type { TenantId } from '@monitor/domain/shared/brands';
import { normalizePhoneNumber } from '@monitor/domain/shared/phone';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import { queueDeliveryToSendNow, sendNow, toMailDelivery } from '../outbox/deliveries.service';
import { buildContactMail } from './contact.mail';
import { insertContactMessage, insertInterestedCustomer } from './contact.repository';

/** Wording ours: the spec names the rule (§5), not its message. */
export const INVALID_CONTACT_PHONE = 'Phone must be 10 digits, or 11 with a leading 1.';

/**
 * A phone the visitor typed: none is fine; otherwise 10 or 11 digits, stored with a leading 1
 * (store-and-public-site §5). Anything else is refused rather than dropped: support would call
 * a wrong number.
 */
function readContactPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  if (/\p{L}/u.test(phone)) throw badRequest(INVALID_CONTACT_PHONE);
  const stored = normalizePhoneNumber(phone);
  if (!stored) throw badRequest(INVALID_CONTACT_PHONE);
  return stored;
}

/**
 * POST /api/contactus: the message is stored and, in the same transaction, queued to the brand's
 * support address; the first attempt goes out at once and the queue retries a failed one.
 */
export async function submitContactMessage(
  ctx: AppContext,
  request: ContactRequest,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<void> {
  const phone = readContactPhone(request.Phone);
  const brand = ctx.brands[request.TenantId as TenantId];
  const delivery = await ctx.db.transaction().execute(async (trx) => {
    const row = await insertContactMessage(trx, {
      tenant_id: request.TenantId,
      name: request.Name,
      email_address: request.Email,
      phone,
      state: request.State || null,
      country: request.Country || null,
      message: request.Message,
      created_at: ctx.now(),
    });
    const mail = buildContactMail({
      brand,
      name: row.name,
      emailAddress: row.email_address,
      phone: row.phone,
      state: row.state,
      country: row.country,
      message: row.message,
    });
    return queueDeliveryToSendNow(ctx, trx, { ...toMailDelivery(mail), kind: 'contact-message' });
  });
  // Not awaited into the answer: the message is kept whether or not the mail server answers.
  void sendNow(ctx, delivery, log);
}

/** POST /api/interestedcustomers: the news sign-up, one row per address and tenant. */
export async function signUpForNews(
  ctx: Pick<AppContext, 'db' | 'now'>,
  request: { EmailAddress: string; TenantId: number },
): Promise<void> {
  await insertInterestedCustomer(ctx.db, {
    tenant_id: request.TenantId,
    email_address: request.EmailAddress,
    created_at: ctx.now(),
  });
}
