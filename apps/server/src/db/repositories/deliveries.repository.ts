import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, DeliveriesTable } from '../schema';

export type DeliveryRow = Selectable<DeliveriesTable>;
export type NewDelivery = Pick<
  Insertable<DeliveriesTable>,
  'channel' | 'address' | 'subject' | 'body' | 'alarm_event_id' | 'notification_id'
>;

export function insertDelivery(db: Kysely<DB>, delivery: NewDelivery): Promise<DeliveryRow> {
  return db.insertInto('deliveries').values(delivery).returningAll().executeTakeFirstOrThrow();
}

export function findDeliveryById(db: Kysely<DB>, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Counts an attempt and returns the row, unless it was already sent: then nothing is returned
 * and the caller sends nothing, so a repeated job never sends twice.
 */
export function claimDeliveryAttempt(db: Kysely<DB>, id: number): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .returningAll()
    .executeTakeFirst();
}

export async function markDeliverySent(db: Kysely<DB>, id: number, at: Date): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'sent', sent_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Records why an attempt failed. The row turns 'failed' only on the final attempt; before that it
 * stays 'queued' with the reason, since the queue will try again.
 */
export async function markDeliveryFailed(
  db: Kysely<DB>,
  id: number,
  { reason, isFinal }: { reason: string; isFinal: boolean },
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ last_error: reason, ...(isFinal && { status: 'failed' as const }) })
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .execute();
}
