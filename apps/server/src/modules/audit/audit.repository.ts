import { sql, type Kysely, type Selectable } from 'kysely';
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
  | 'entitlement.instant-updates'
  | 'entitlement.pucks'
  | 'billing.plan-change'
  | 'billing.card-change'
  | 'billing.suspend'
  | 'billing.reactivate'
  | 'billing.refund'
  | 'staff.command';

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

/**
 * One account's own events, newest first (`occurred_at`, then `id`), for its owner to read: those
 * about the account only, never the ones its user made on another's. `before` is the id of the
 * last event of the previous page; an id the account does not hold answers nothing.
 */
export function findAuditEventsOfAccount(
  db: Kysely<DB>,
  { userId, before, limit }: { userId: number; before?: number; limit: number },
): Promise<AuditEventRow[]> {
  let query = db.selectFrom('audit_events').selectAll().where('user_id', '=', userId);
  if (before !== undefined)
    query = query.where(
      sql<boolean>`(occurred_at, id) < (SELECT e.occurred_at, e.id FROM audit_events e WHERE e.id = ${before} AND e.user_id = ${userId})`,
    );
  return query.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * What a user calls their units named in events (by user device id): its name, else its serial;
 * only the user's own rows, so a unit that has changed hands is not named.
 */
export async function findUnitLabels(
  db: Kysely<DB>,
  { userId, userDeviceIds }: { userId: number; userDeviceIds: readonly number[] },
): Promise<Map<number, string>> {
  if (userDeviceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.id', 'user_devices.device_id')
    .select(['user_devices.id', 'user_devices.name', 'devices.serial_number'])
    .where('user_devices.id', 'in', [...new Set(userDeviceIds)])
    .where('user_devices.user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name?.trim() || row.serial_number]));
}
