import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccessTokensTable, DB } from '../schema';

export type AccessTokenRow = Selectable<AccessTokensTable>;

export async function insertAccessToken(
  db: Kysely<DB>,
  values: Insertable<AccessTokensTable>,
): Promise<AccessTokenRow> {
  return db.insertInto('access_tokens').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The token with this hash if it is neither revoked nor expired at `now`. */
export function findLiveAccessToken(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<AccessTokenRow | undefined> {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
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
