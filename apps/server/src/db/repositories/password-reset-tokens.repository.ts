import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, PasswordResetTokensTable } from '../schema';

export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;

export async function insertPasswordResetToken(
  db: Kysely<DB>,
  values: Insertable<PasswordResetTokensTable>,
): Promise<void> {
  await db.insertInto('password_reset_tokens').values(values).execute();
}

/**
 * Marks the token with this hash used, only if it belongs to `userId`, is unused and not expired
 * at `now`; answers the row when this call consumed it. One UPDATE decides, so two requests with
 * the same link cannot both succeed.
 */
export function consumePasswordResetToken(
  db: Kysely<DB>,
  { tokenHash, userId, now }: { tokenHash: string; userId: number; now: Date },
): Promise<PasswordResetTokenRow | undefined> {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Retires every other open reset link of a user once one has been used. */
export async function retireUserPasswordResetTokens(
  db: Kysely<DB>,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
