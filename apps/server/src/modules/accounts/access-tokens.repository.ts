import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
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

export async function revokeAccessToken(db: Kysely<DB>, id: number, now: Date): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: now }).where('id', '=', id).execute();
}

/** Ends every session of a user except `keepId` (after a password change or reset). */
export async function revokeUserAccessTokens(
  db: Kysely<DB>,
  userId: number,
  now: Date,
  keepId?: number,
): Promise<void> {
  let query = db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId !== undefined) query = query.where('id', '!=', keepId);
  await query.execute();
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
