import type { Kysely, Selectable } from 'kysely';
import type { AuditEventsTable, DB } from '../../platform/database/schema';

export type AuditEventRow = Selectable<AuditEventsTable>;

/**
 * What the audit log records: changes to money and access. The first word names the capability,
 * the rest what happened to it.
 */
export type AuditAction =
  | 'impersonation.start'
  | 'impersonation.end'
  | 'account.password-change'
  | 'account.email-change'
  | 'account.password-reset'
  | 'entitlement.pet-monitor'
  | 'billing.refund';

export type AuditEvent = {
  action: AuditAction;
  /** The account the change concerns. */
  userId: number | null;
  /** Who made it: the user, the staff member behind an impersonation; null for a command or job. */
  actorId: number | null;
  detail?: Record<string, unknown>;
  at: Date;
};

/** Records events; pass the transaction of the change they record, so both commit or neither. */
export async function insertAuditEvents(
  db: Kysely<DB>,
  events: readonly AuditEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('audit_events')
    .values(
      events.map((event) => ({
        occurred_at: event.at,
        action: event.action,
        user_id: event.userId,
        actor_id: event.actorId,
        detail: JSON.stringify(event.detail ?? {}),
      })),
    )
    .execute();
}

/** The newest events first, of one account (as its user or its actor) or of all. */
export function findAuditEvents(
  db: Kysely<DB>,
  { userId, limit }: { userId?: number; limit: number },
): Promise<AuditEventRow[]> {
  let query = db.selectFrom('audit_events').selectAll();
  if (userId !== undefined)
    query = query.where((eb) => eb.or([eb('user_id', '=', userId), eb('actor_id', '=', userId)]));
  return query.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
