import type { FastifyBaseLogger } from 'fastify';
import { isTenantId } from '@monitor/domain/shared/brands';
import { MESSAGES } from '@monitor/domain/shared/messages';
import {
  assessPasswordResetRequest,
  computePasswordResetWindowStart,
} from '@monitor/domain/accounts/password-reset-limit';
import type { AppContext } from '../../context';
import type { AppError } from '../../platform/errors';
import { badRequest } from '../../platform/errors';
import { revokeUserAccessTokens } from './access-tokens.repository';
import { recordImpersonationsEnded } from './sessions.service';
import { insertAuditEvents } from '../audit/audit.repository';
import {
  consumePasswordResetToken,
  findRecentPasswordResets,
  insertPasswordResetToken,
  lockPasswordResetRequests,
  retireUserPasswordResetTokens,
  findUsablePasswordResetToken,
} from './password-reset-tokens.repository';
import { findUserByEmail, updateUser } from './users.repository';
import { hashPassword } from '../../platform/security/passwords';
import { generateToken, hashToken } from '../../platform/security/tokens';
import { buildPasswordResetMail } from './mail/password-reset.mail';
import { queueDeliveryToSendNow, sendNow, toMailDelivery } from '../outbox/deliveries.service';

/** How long a reset link works. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Starts a password reset (store-and-public-site §2 "Forgot-password page"). The answer is the
 * same whether or not the account exists, so nobody can find out which addresses have accounts:
 * the token is made either way, and the e-mail is handed to the outbox without waiting for it, so
 * neither a slow mail server nor a failing one shows in the response (a failed send is recorded
 * and retried by the job queue, decision 028). Past the limits per e-mail address and per client
 * address (issue #2) the answer is the same too, but nothing is sent.
 */
export async function initiatePasswordReset(
  ctx: AppContext,
  { email, tenantId, clientAddress }: { email: string; tenantId: number; clientAddress: string },
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  const token = generateToken();
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS);
  if (!user) return;
  const brand = ctx.brands[isTenantId(tenantId) ? tenantId : 1];
  const link = `${ctx.config.publicUrl}/resetpassword?${new URLSearchParams({
    id: String(user.id),
    expires: String(expiresAt.getTime()),
    token,
  }).toString()}`;
  const message = buildPasswordResetMail({
    to: user.email_address,
    firstName: user.first_name,
    link,
    expiresAt,
    brand,
  });
  // The link's token and its e-mail commit together: no link without its e-mail, nor the reverse.
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await lockPasswordResetRequests(trx, { userId: user.id, clientAddress });
    const recent = await findRecentPasswordResets(trx, {
      userId: user.id,
      clientAddress,
      since: computePasswordResetWindowStart(now),
    });
    const decision = assessPasswordResetRequest(
      { sentToEmail: recent.sentToUser, sentForClient: recent.sentForClient },
      now,
    );
    if (decision.action === 'skip') return decision;
    await insertPasswordResetToken(trx, {
      token_hash: tokenHash,
      user_id: user.id,
      expires_at: expiresAt,
      client_address: clientAddress,
      created_at: now,
    });
    return queueDeliveryToSendNow(ctx, trx, {
      ...toMailDelivery(message),
      kind: 'password-reset',
      userId: user.id,
      // The link signs in as the user for an hour: the record must not keep it.
      hasSecret: true,
    });
  });
  // Past a limit the transaction answers the verdict; otherwise the e-mail it queued.
  if ('action' in outcome) {
    log.info(
      { userId: user.id, limit: outcome.limit },
      'password reset e-mail not sent: limit reached',
    );
    return;
  }
  void sendNow(ctx, outcome, log);
}

const invalidLink = (): AppError => badRequest(MESSAGES.passwordResetLinkInvalid);

/**
 * Refuses a reset link that could not set a password, as the reset itself would, so the page says
 * so when it opens rather than after the form is filled in (issue #24). Used, expired, someone
 * else's or made up: one answer, so it tells the link's holder nothing the reset would not.
 */
export async function checkPasswordResetLink(
  ctx: AppContext,
  { userId, expires, requestToken }: { userId: number; expires: number; requestToken: string },
): Promise<void> {
  const token = await findUsablePasswordResetToken(ctx.db, {
    tokenHash: hashToken(requestToken),
    userId,
    now: ctx.now(),
  });
  if (!token || token.expires_at.getTime() !== expires) throw invalidLink();
}

/**
 * Sets a new password from a reset link (store-and-public-site §7). The link works once, for its
 * own user, before it expires, and only with the expiry it was sent with. Every session of the
 * user ends, and any other open reset link stops working.
 */
export async function completePasswordReset(
  ctx: AppContext,
  {
    userId,
    expires,
    requestToken,
    newPassword,
  }: { userId: number; expires: number; requestToken: string; newPassword: string },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const token = await consumePasswordResetToken(trx, {
      tokenHash: hashToken(requestToken),
      userId,
      now,
    });
    // Throwing rolls the consumption back: a tampered expiry does not burn a good link.
    if (!token || token.expires_at.getTime() !== expires) throw invalidLink();
    await updateUser(trx, userId, { password_hash: passwordHash });
    await retireUserPasswordResetTokens(trx, userId, now);
    const ended = await revokeUserAccessTokens(trx, userId, now);
    await recordImpersonationsEnded(trx, ended, { reason: 'password-reset', at: now });
    await insertAuditEvents(trx, [
      { action: 'account.password-reset', userId, actorId: userId, at: now },
    ]);
  });
}
