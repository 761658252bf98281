import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/database/schema';
import type { NotificationFacts } from './alarm-events.repository';

/** What the later tellings of an alarm read (decision 059). */

/** The notifications an event's alarm went to (its first telling or a reminder): they hear the all-clear. */
export async function findToldNotificationIds(
  db: Kysely<DB>,
  eventId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('deliveries')
    .select('notification_id')
    .distinct()
    .where('alarm_event_id', '=', eventId)
    .where('kind', '=', 'alarm')
    .where('notification_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.notification_id!));
}

export type FollowUpFacts = {
  closed_at: Date | null;
  acknowledged_at: Date | null;
  alarms_snoozed_until: Date | null;
  /** The notification, unless it was deleted or turned off since. */
  notification: Pick<
    NotificationFacts,
    'id' | 'message_type' | 'message_address' | 'repeat_minutes' | 'repeat_cap'
  > | null;
};

/**
 * What a follow-up of an event needs, the event's row held for the caller's transaction (an
 * acknowledgement waits for it, or it for the acknowledgement).
 */
export async function findFollowUpFacts(
  trx: Transaction<DB>,
  eventId: number,
  notificationId: number,
): Promise<FollowUpFacts | undefined> {
  const row = await trx
    .selectFrom('alarm_events as e')
    .innerJoin('user_devices as ud', 'ud.id', 'e.user_device_id')
    .leftJoin('notifications as n', (join) =>
      join
        .onRef('n.user_device_id', '=', 'e.user_device_id')
        .on('n.id', '=', notificationId)
        .on('n.disable_alarm', '=', false),
    )
    .select([
      'e.closed_at',
      'e.acknowledged_at',
      'ud.alarms_snoozed_until',
      'n.id as notification_id',
      'n.message_type',
      'n.message_address',
      'n.repeat_minutes',
      'n.repeat_cap',
    ])
    .where('e.id', '=', eventId)
    .forUpdate('e')
    .executeTakeFirst();
  if (!row) return undefined;
  const { notification_id, message_type, message_address, repeat_minutes, repeat_cap, ...event } =
    row;
  return {
    ...event,
    notification:
      notification_id === null || message_type === null || message_address === null
        ? null
        : {
            id: notification_id,
            message_type,
            message_address,
            repeat_minutes: repeat_minutes ?? 0,
            repeat_cap: repeat_cap ?? 0,
          },
  };
}
