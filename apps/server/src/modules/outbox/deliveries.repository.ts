import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB, DeliveriesTable } from '../../platform/database/schema';

export type DeliveryRow = Selectable<DeliveriesTable>;
export type NewDelivery = Pick<
  Insertable<DeliveriesTable>,
  | 'kind'
  | 'channel'
  | 'address'
  | 'subject'
  | 'body'
  | 'html_body'
  | 'has_secret'
  | 'user_id'
  | 'alarm_event_id'
  | 'notification_id'
  | 'attachments'
  | 'attempts'
  | 'step'
>;

export function insertDelivery(db: Kysely<DB>, delivery: NewDelivery): Promise<DeliveryRow> {
  return db.insertInto('deliveries').values(delivery).returningAll().executeTakeFirstOrThrow();
}

/** Inserts one telling of an alarm unless that step was recorded already (`deliveries_one_per_step`). */
export function insertAlarmStep(
  db: Kysely<DB>,
  delivery: NewDelivery,
): Promise<DeliveryRow | undefined> {
  return db
    .insertInto('deliveries')
    .values(delivery)
    .onConflict((oc) =>
      oc
        .columns(['alarm_event_id', 'notification_id', 'step'])
        .where('step', 'is not', null)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
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

/** A settled delivery whose body held a secret keeps its record but not the secret. */
const blankSecret = {
  body: sql<string>`CASE WHEN has_secret THEN '' ELSE body END`,
  html_body: sql<string | null>`CASE WHEN has_secret THEN NULL ELSE html_body END`,
};

export async function markDeliverySent(db: Kysely<DB>, id: number, at: Date): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'sent', sent_at: at, ...blankSecret })
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
    .set({ last_error: reason, ...(isFinal && { status: 'failed' as const, ...blankSecret }) })
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .execute();
}
