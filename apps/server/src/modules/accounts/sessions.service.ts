import { computeSessionExpiry, type SessionSource } from '@monitor/domain/accounts/session';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../platform/database/schema';
import { insertAuditEvents } from '../audit/audit.repository';
import {
  findLiveAccessToken,
  findLiveAccessTokenIds,
  insertAccessToken,
  revokeAccessToken,
  type EndedImpersonation,
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

/** Who acts in a session, as the audit log names them: the staff member behind an impersonation, else its user (issue #22). */
export function actorOf(session: Pick<Session, 'userId' | 'impersonatorId'>): number {
  return session.impersonatorId ?? session.userId;
}

/**
 * Opens a session: a new random token whose hash is stored with the source's lifetime. An
 * impersonation names the staff member's own session (`staffSession`): it ends when that one
 * ends, and never outlives it.
 */
export async function openSession(
  ctx: AppContext,
  {
    userId,
    source,
    staffSession = null,
  }: { userId: number; source: SessionSource; staffSession?: Session | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const lifetimeEnd = computeSessionExpiry(source, ctx.now());
  const expiresAt =
    staffSession && staffSession.expiresAt < lifetimeEnd ? staffSession.expiresAt : lifetimeEnd;
  await insertAccessToken(ctx.db, {
    token_hash: hashToken(token),
    user_id: userId,
    source,
    impersonator_id: staffSession?.userId ?? null,
    parent_token_id: staffSession?.tokenId ?? null,
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

/**
 * Ends a session and the impersonations it started; answers the impersonation sessions that
 * ended (the session itself, when it is one), for the audit log.
 */
export function closeSession(ctx: AppContext, session: Session): Promise<EndedImpersonation[]> {
  return revokeAccessToken(ctx.db, session.tokenId, ctx.now());
}

/** Of these sessions (by token id), those still live: the live channel's heartbeat (decision 012). */
export function findLiveSessionIds(
  ctx: AppContext,
  tokenIds: readonly number[],
): Promise<Set<number>> {
  return findLiveAccessTokenIds(ctx.db, tokenIds, ctx.now());
}

/**
 * Records the end of impersonation sessions, in the transaction that ended them: the staff
 * member returned (`return`), or a session they hung on ended (`sign-out`, `password-change`,
 * `password-reset`).
 */
export function recordImpersonationsEnded(
  db: Kysely<DB>,
  ended: readonly EndedImpersonation[],
  {
    reason,
    at,
  }: { reason: 'return' | 'sign-out' | 'password-change' | 'password-reset'; at: Date },
): Promise<void> {
  return insertAuditEvents(
    db,
    ended.map((session) => ({
      action: 'impersonation.end' as const,
      userId: session.userId,
      actorId: session.impersonatorId,
      detail: { reason },
      at,
    })),
  );
}
