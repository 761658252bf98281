import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB, PasswordResetTokensTable } from '../../platform/database/schema';

export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;

export async function insertPasswordResetToken(
  db: Kysely<DB>,
  values: Insertable<PasswordResetTokensTable>,
): Promise<void> {
  await db.insertInto('password_reset_tokens').values(values).execute();
}

// Class of the advisory locks below; any constant (migrate.ts uses the one-key form, a separate space).
const RESET_LIMIT_LOCK_CLASS = 2;

/**
 * Serialises, until the transaction `trx` ends, every reset request for this account or from this
 * client address, so concurrent requests are counted one after the other. Always account first,
 * then address, so two requests never wait for each other in a circle.
 */
export async function lockPasswordResetRequests(
  trx: Kysely<DB>,
  { userId, clientAddress }: { userId: number; clientAddress: string },
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${RESET_LIMIT_LOCK_CLASS}, hashtext(${`user:${userId}`}))`.execute(
    trx,
  );
  await sql`SELECT pg_advisory_xact_lock(${RESET_LIMIT_LOCK_CLASS}, hashtext(${`client:${clientAddress}`}))`.execute(
    trx,
  );
}

/** When reset links were made since `since` for this account, and for requests from this client address. */
export async function findRecentPasswordResets(
  db: Kysely<DB>,
  { userId, clientAddress, since }: { userId: number; clientAddress: string; since: Date },
): Promise<{ sentToUser: Date[]; sentForClient: Date[] }> {
  const rows = await db
    .selectFrom('password_reset_tokens')
    .select(['user_id', 'client_address', 'created_at'])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('client_address', '=', clientAddress)]))
    .execute();
  return {
    sentToUser: rows.filter((row) => row.user_id === userId).map((row) => row.created_at),
    sentForClient: rows
      .filter((row) => row.client_address === clientAddress)
      .map((row) => row.created_at),
  };
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

/** The token with this hash if it belongs to `userId` and is unused and unexpired at `now`. */
export function findUsablePasswordResetToken(
  db: Kysely<DB>,
  { tokenHash, userId, now }: { tokenHash: string; userId: number; now: Date },
): Promise<Pick<PasswordResetTokenRow, 'expires_at'> | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .select('expires_at')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
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
