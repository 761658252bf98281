import type { Kysely, Selectable } from 'kysely';
import type { DB, OutboxMessagesTable } from '../../platform/database/schema';

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;

/** The newest messages of the local outbox, newest first. */
export function findRecentOutboxMessages(
  db: Kysely<DB>,
  limit: number,
): Promise<OutboxMessageRow[]> {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One message of the local outbox. */
export function findOutboxMessageById(
  db: Kysely<DB>,
  id: number,
): Promise<OutboxMessageRow | undefined> {
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
