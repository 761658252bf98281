import type { Kysely, Selectable } from 'kysely';
import type { DB, ReplacementTokensTable } from '../../platform/database/schema';

export type TokenUseRow = Selectable<ReplacementTokensTable>;

/** The owner and their own devices (not those given to them as a sub-account), for the offer. */
export async function findReplacementOwner(db: Kysely<DB>, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email_address', 'tenant_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const devices = await db
    .selectFrom('user_devices as ud')
    .innerJoin('devices as d', 'd.id', 'ud.device_id')
    .select([
      'ud.id as user_device_id',
      'ud.name',
      'd.id as device_id',
      'd.serial_number',
      'd.device_type',
      'd.device_nsp',
    ])
    .where('ud.user_id', '=', userId)
    .where('ud.parent_user_device_id', 'is', null)
    .orderBy('ud.id')
    .execute();
  return { user, devices };
}

/** The use of this very token, if it was used. */
export function findTokenUse(db: Kysely<DB>, token: string): Promise<TokenUseRow | undefined> {
  return db
    .selectFrom('replacement_tokens')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
}

/** A use of any of the owner's tokens since `issuedAt`: it retires a token issued then (decision 045). */
export function findUseSince(
  db: Kysely<DB>,
  { userId, issuedAt }: { userId: number; issuedAt: Date },
): Promise<TokenUseRow | undefined> {
  return db
    .selectFrom('replacement_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', '>=', issuedAt)
    .orderBy('used_at', 'desc')
    .executeTakeFirst();
}

/**
 * Claims a token for a submit: 'taken' when this token has a use already (the caller compares its
 * Idempotency-Key), 'retired' when a use of another of the owner's tokens since its issue time
 * retires it, else 'claimed'. The owner's row is locked first, so two submits at once, with one
 * link or two, are taken one after the other.
 */
export function claimToken(
  db: Kysely<DB>,
  claim: { token: string; userId: number; issuedAt: Date; idempotencyKey: string; now: Date },
): Promise<'claimed' | 'taken' | 'retired'> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', claim.userId)
      .forUpdate()
      .executeTakeFirst();
    if (await findTokenUse(trx, claim.token)) return 'taken';
    if (await findUseSince(trx, claim)) return 'retired';
    await trx
      .insertInto('replacement_tokens')
      .values({
        token: claim.token,
        user_id: claim.userId,
        issued_at: claim.issuedAt,
        idempotency_key: claim.idempotencyKey,
        used_at: claim.now,
      })
      .execute();
    return 'claimed';
  });
}

/** The order placed with a claimed token. */
export async function recordTokenOrder(db: Kysely<DB>, token: string, orderId: number) {
  await db
    .updateTable('replacement_tokens')
    .set({ order_id: orderId })
    .where('token', '=', token)
    .execute();
}

/** Gives back a claim whose order was refused: the link stays good, nothing changed. */
export async function releaseTokenClaim(
  db: Kysely<DB>,
  { token, idempotencyKey }: { token: string; idempotencyKey: string },
) {
  await db
    .deleteFrom('replacement_tokens')
    .where('token', '=', token)
    .where('idempotency_key', '=', idempotencyKey)
    .where('order_id', 'is', null)
    .execute();
}
