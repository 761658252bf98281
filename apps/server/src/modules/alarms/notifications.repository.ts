import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type NotificationRow = Selectable<DB['notifications']>;
/** A notification with its puck's serial and logic level, as the Notification entity shows them. */
export type NotificationWithPuckRow = NotificationRow & {
  peripheral_serial: string | null;
  logic_level: number | null;
};

function selectWithPuck(db: Kysely<DB>) {
  return db
    .selectFrom('notifications')
    .leftJoin('peripherals', 'peripherals.id', 'notifications.peripheral_id')
    .selectAll('notifications')
    .select(['peripherals.serial as peripheral_serial', 'peripherals.logic_level']);
}

/**
 * A notification with its puck, its owner's row, the caller's first row on that unit (the row
 * `findUserDeviceRowForDevice` picks) and whose browser it tells (PUSH), for the access check in
 * one query (decisions 027, 083).
 */
export function findNotificationSeenByCaller(
  db: Kysely<DB>,
  { callerId, id }: { callerId: number; id: number },
) {
  return db
    .selectFrom('notifications')
    .leftJoin('peripherals', 'peripherals.id', 'notifications.peripheral_id')
    .leftJoin('user_devices as owner_row', 'owner_row.id', 'notifications.user_device_id')
    .leftJoin('push_subscriptions', 'push_subscriptions.id', 'notifications.push_subscription_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('user_devices')
          .select(['id', 'parent_user_device_id'])
          .where('user_devices.user_id', '=', callerId)
          .whereRef('user_devices.device_id', '=', 'owner_row.device_id')
          .orderBy('user_devices.id')
          .limit(1)
          .as('viewer'),
      (join) => join.onTrue(),
    )
    .selectAll('notifications')
    .select([
      'peripherals.serial as peripheral_serial',
      'peripherals.logic_level',
      'owner_row.id as owner_row_id',
      'viewer.id as viewer_id',
      'viewer.parent_user_device_id as viewer_parent_id',
      'push_subscriptions.user_id as browser_user_id',
    ])
    .where('notifications.id', '=', id)
    .executeTakeFirst();
}

/** A user device's notifications, optionally of one puck. */
export function findNotificationRows(
  db: Kysely<DB>,
  userDeviceId: number,
  { peripheralId }: { peripheralId?: number } = {},
): Promise<NotificationWithPuckRow[]> {
  let query = selectWithPuck(db).where('notifications.user_device_id', '=', userDeviceId);
  if (peripheralId !== undefined)
    query = query.where('notifications.peripheral_id', '=', peripheralId);
  return query.orderBy('notifications.id').execute();
}

export async function insertNotifications(
  db: Kysely<DB>,
  values: Insertable<DB['notifications']>[],
): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  return db.insertInto('notifications').values(values).returningAll().execute();
}

/** Changes a notification and answers the row it wrote (decision 027); undefined when it is gone. */
export function updateNotification(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['notifications']>,
): Promise<NotificationRow | undefined> {
  return db
    .updateTable('notifications')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteNotification(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('notifications').where('id', '=', id).execute();
}

export async function moveNotifications(
  db: Kysely<DB>,
  fromId: number,
  toId: number,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ peripheral_id: toId })
    .where('peripheral_id', '=', fromId)
    .execute();
}

export async function deleteNotificationsOfPeripheral(
  db: Kysely<DB>,
  peripheralId: number,
): Promise<void> {
  await db.deleteFrom('notifications').where('peripheral_id', '=', peripheralId).execute();
}
