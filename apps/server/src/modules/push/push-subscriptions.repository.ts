import type { Kysely, Selectable } from 'kysely';
import type { DB, PushSubscriptionsTable } from '../../platform/database/schema';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** The user's browsers, oldest first. */
export function findUserPushSubscriptions(
  db: Kysely<DB>,
  userId: number,
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * Saves a browser's subscription for the user: one the user saved before (its endpoint) takes the
 * new keys and name. Another user's row of the same browser stays theirs (migration 037).
 */
export function upsertPushSubscription(
  db: Kysely<DB>,
  values: Pick<PushSubscriptionRow, 'user_id' | 'endpoint' | 'p256dh' | 'auth' | 'name'>,
): Promise<PushSubscriptionRow> {
  return db
    .insertInto('push_subscriptions')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'endpoint']).doUpdateSet((eb) => ({
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        name: eb.ref('excluded.name'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the user's own subscription; answers whether there was one. */
export async function deleteUserPushSubscription(
  db: Kysely<DB>,
  { id, userId }: { id: number; userId: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
