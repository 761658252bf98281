import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../schema';

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

export function findNotificationRow(
  db: Kysely<DB>,
  id: number,
): Promise<NotificationWithPuckRow | undefined> {
  return selectWithPuck(db).where('notifications.id', '=', id).executeTakeFirst();
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

export async function updateNotification(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['notifications']>,
): Promise<void> {
  await db.updateTable('notifications').set(values).where('id', '=', id).execute();
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
