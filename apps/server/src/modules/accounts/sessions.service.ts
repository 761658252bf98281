import { computeSessionExpiry, type SessionSource } from '@monitor/domain/accounts/session';
import type { AppContext } from '../../context';
import {
  findLiveAccessToken,
  findLiveAccessTokenIds,
  insertAccessToken,
  revokeAccessToken,
} from './access-tokens.repository';
import { generateToken, hashToken } from '../../platform/security/tokens';

/** Who is calling, resolved from the access token. */
export type Session = {
  tokenId: number;
  userId: number;
  source: SessionSource;
  /** The staff user acting as `userId`, when impersonating. */
  impersonatorId: number | null;
  expiresAt: Date;
};

/** Opens a session: a new random token whose hash is stored with the source's lifetime. */
export async function openSession(
  ctx: AppContext,
  {
    userId,
    source,
    impersonatorId = null,
  }: { userId: number; source: SessionSource; impersonatorId?: number | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = computeSessionExpiry(source, ctx.now());
  await insertAccessToken(ctx.db, {
    token_hash: hashToken(token),
    user_id: userId,
    source,
    impersonator_id: impersonatorId,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/** The session behind a token, or null when it is unknown, expired or revoked. */
export async function resolveSession(ctx: AppContext, token: string): Promise<Session | null> {
  const row = await findLiveAccessToken(ctx.db, hashToken(token), ctx.now());
  if (!row) return null;
  return {
    tokenId: row.id,
    userId: row.user_id,
    source: row.source,
    impersonatorId: row.impersonator_id,
    expiresAt: row.expires_at,
  };
}

export async function closeSession(ctx: AppContext, session: Session): Promise<void> {
  await revokeAccessToken(ctx.db, session.tokenId, ctx.now());
}

/** Of these sessions (by token id), those still live: the live channel's heartbeat (decision 012). */
export function findLiveSessionIds(
  ctx: AppContext,
  tokenIds: readonly number[],
): Promise<Set<number>> {
  return findLiveAccessTokenIds(ctx.db, tokenIds, ctx.now());
}
