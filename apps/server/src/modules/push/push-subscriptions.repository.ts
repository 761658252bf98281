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

/** One of the user's browsers; undefined when it is another user's or gone. */
export function findUserPushSubscription(
  db: Kysely<DB>,
  { id, userId }: { id: number; userId: number },
): Promise<PushSubscriptionRow | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
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

/**
 * The browser a push delivery goes to, with its user's row on the alarm event's unit (their page
 * of it); `user_device_id` is null when that user no longer sees the unit. Undefined when the
 * browser is gone.
 */
export function findPushRecipient(
  db: Kysely<DB>,
  { subscriptionId, alarmEventId }: { subscriptionId: number; alarmEventId: number | null },
) {
  return db
    .selectFrom('push_subscriptions as ps')
    .select((eb) => [
      'ps.endpoint',
      'ps.p256dh',
      'ps.auth',
      eb
        .selectFrom('alarm_events as e')
        .innerJoin('user_devices as owner_row', 'owner_row.id', 'e.user_device_id')
        .innerJoin('user_devices as r', 'r.device_id', 'owner_row.device_id')
        .select('r.id')
        .where('e.id', '=', alarmEventId)
        .whereRef('r.user_id', '=', 'ps.user_id')
        .orderBy('r.id')
        .limit(1)
        .as('user_device_id'),
    ])
    .where('ps.id', '=', subscriptionId)
    .executeTakeFirst();
}

/** A push service said this browser's subscription ended: it ends for every user who made one. */
export async function deletePushSubscriptionsAt(db: Kysely<DB>, endpoint: string): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user and temperature unit of a browser, for an answer from its notification. */
export function findPushSubscriber(db: Kysely<DB>, subscriptionId: number) {
  return db
    .selectFrom('push_subscriptions as ps')
    .innerJoin('users as u', 'u.id', 'ps.user_id')
    .select(['u.email_address', 'u.temp_pref'])
    .where('ps.id', '=', subscriptionId)
    .executeTakeFirst();
}
