import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { forbidden } from '../../platform/errors';
import { storedSecret } from '../../platform/security/stored-secrets';

/**
 * The replacement offer's tokens (store-and-public-site §2 "/deviceupgrade", decision 045):
 * `<issue time, unix seconds in base 36>.<HMAC-SHA256 of the owner's id and that time>`, so one is
 * made on every device-list read with no write and checked with no lookup but the used ones.
 */

/** How long a link stays good: an e-mailed offer is read days later. */
export const REPLACEMENT_TOKEN_DAYS = 30;
const TOKEN_LIFETIME_S = REPLACEMENT_TOKEN_DAYS * 24 * 3600;
/** A token dated this far ahead of the clock is still taken (servers' clocks differ a little). */
const CLOCK_SKEW_S = 300;

export const REPLACEMENT_LINK_INVALID =
  'This replacement link is not valid. Please use the link from your e-mail or your dashboard.';
export const REPLACEMENT_LINK_EXPIRED =
  'This replacement link has expired. Please open the offer again from your dashboard.';
export const REPLACEMENT_LINK_USED =
  'This replacement link has already been used. Please open the offer again from your dashboard.';

/** REPLACEMENT_LINK_SECRET, or the key migration 022 made in the database. */
function linkSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.replacementLinkSecret) return Promise.resolve(ctx.config.replacementLinkSecret);
  return storedSecret(ctx.db, 'replacement_link_secret');
}

const sign = (secret: string, userId: number, issuedAt: number) =>
  createHmac('sha256', secret).update(`replacement-offer:${userId}:${issuedAt}`).digest();

/** A token for the owner, issued now. */
export async function issueReplacementToken(ctx: AppContext, userId: number): Promise<string> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  const signature = sign(await linkSecret(ctx), userId, issuedAt);
  return `${issuedAt.toString(36)}.${signature.toString('base64url')}`;
}

/**
 * The issue time of a token made for `userId` that has not expired; a 403 with a message the page
 * shows otherwise (a forged token, one made for another user, one past its 30 days). Whether it was
 * used is the repository's question (`findUseRetiring`).
 */
export async function verifyReplacementToken(
  ctx: AppContext,
  { userId, token }: { userId: number; token: string },
): Promise<Date> {
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw forbidden(REPLACEMENT_LINK_INVALID);
  const issuedAt = parseInt(match[1]!, 36);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = sign(await linkSecret(ctx), userId, issuedAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden(REPLACEMENT_LINK_INVALID);
  const nowS = ctx.now().getTime() / 1000;
  if (issuedAt > nowS + CLOCK_SKEW_S) throw forbidden(REPLACEMENT_LINK_INVALID);
  if (nowS - issuedAt > TOKEN_LIFETIME_S) throw forbidden(REPLACEMENT_LINK_EXPIRED);
  return new Date(issuedAt * 1000);
}
