import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
} from 'kysely';
import { PREPARED_ON_POSTGRES } from '../../platform/database/prepared-statements';
import type { AccessTokensTable, DB } from '../../platform/database/schema';

export type AccessTokenRow = Selectable<AccessTokensTable>;

export async function insertAccessToken(
  db: Kysely<DB>,
  values: Insertable<AccessTokensTable>,
): Promise<AccessTokenRow> {
  return db.insertInto('access_tokens').values(values).returningAll().executeTakeFirstOrThrow();
}

/** What a session is made of (`resolveSession`). */
export type LiveAccessTokenRow = Pick<
  AccessTokenRow,
  'id' | 'user_id' | 'source' | 'impersonator_id' | 'expires_at'
>;

/**
 * The token with this hash if it is neither revoked nor expired at `now`. Every authenticated
 * call starts with it, so it is prepared on PostgreSQL too, with its columns named (decision 014).
 */
export function findLiveAccessToken(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<LiveAccessTokenRow | undefined> {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'user_id', 'source', 'impersonator_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .modifyEnd(sql.raw(PREPARED_ON_POSTGRES))
    .executeTakeFirst();
}

/** An impersonation session that a revocation ended: who acted as whom. */
export type EndedImpersonation = { tokenId: number; userId: number; impersonatorId: number };

/**
 * Ends the live tokens `ids` selects and the live impersonations they started, in one statement;
 * answers the impersonation sessions it ended.
 */
async function revokeWithTheirImpersonations(
  db: Kysely<DB>,
  ids: SelectQueryBuilder<DB, 'access_tokens', { id: number }>,
  now: Date,
): Promise<EndedImpersonation[]> {
  const rows = await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_token_id', 'in', ids)]))
    .where('revoked_at', 'is', null)
    .returning(['id', 'user_id', 'impersonator_id'])
    .execute();
  return rows.flatMap((row) =>
    row.impersonator_id === null
      ? []
      : [{ tokenId: row.id, userId: row.user_id, impersonatorId: row.impersonator_id }],
  );
}

/** Ends a token and every live impersonation started from it (a staff member signing out). */
export function revokeAccessToken(
  db: Kysely<DB>,
  id: number,
  now: Date,
): Promise<EndedImpersonation[]> {
  const token = db.selectFrom('access_tokens').select('id').where('id', '=', id);
  return revokeWithTheirImpersonations(db, token, now);
}

/**
 * Ends every session of a user except `keepId` (after a password change or reset), and the
 * impersonations those sessions started.
 */
export function revokeUserAccessTokens(
  db: Kysely<DB>,
  userId: number,
  now: Date,
  keepId?: number,
): Promise<EndedImpersonation[]> {
  const tokens = db
    .selectFrom('access_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(keepId !== undefined, (query) => query.where('id', '!=', keepId!));
  return revokeWithTheirImpersonations(db, tokens, now);
}

/**
 * Of the given access tokens, the ids still live at `now` (not revoked, not expired): one query
 * per heartbeat for every open live socket, whichever sessions they hold.
 */
export async function findLiveAccessTokenIds(
  db: Kysely<DB>,
  ids: readonly number[],
  now: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('access_tokens')
    .select('id')
    .where('id', 'in', [...ids])
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((row) => row.id));
}
