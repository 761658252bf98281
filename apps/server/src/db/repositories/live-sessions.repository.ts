import type { Kysely } from 'kysely';
import type { DB } from '../schema';

/**
 * Of the given access tokens, the ids still live at `now` (not revoked, not expired): one query
 * per heartbeat for every open live socket, whichever sessions they hold.
 */
export async function findLiveTokenIds(
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
