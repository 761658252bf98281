import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, SensorType } from '../schema';

/**
 * Which owner's row an alarm point is on, and its sensor: enough to check access. What a user is
 * shown of a point is read through `findVisibleAlarmPoints` (visible-history.repository.ts).
 */
export function findAlarmPointOwner(
  db: Kysely<DB>,
  id: number,
): Promise<
  Pick<Selectable<DB['alarm_points']>, 'id' | 'user_device_id' | 'sensor_type'> | undefined
> {
  return db
    .selectFrom('alarm_points')
    .select(['id', 'user_device_id', 'sensor_type'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAlarmPoints(
  db: Kysely<DB>,
  values: Insertable<DB['alarm_points']>[],
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insertInto('alarm_points')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function updateAlarmPoint(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['alarm_points']>,
): Promise<void> {
  await db.updateTable('alarm_points').set(values).where('id', '=', id).execute();
}

/** Enables or disables a puck's alarm points of the given sensor types. */
export async function setPeripheralAlarmPointsEnabled(
  db: Kysely<DB>,
  peripheralId: number,
  sensorTypes: readonly SensorType[],
  isEnabled: boolean,
): Promise<void> {
  await db
    .updateTable('alarm_points')
    .set({ is_enabled: isEnabled })
    .where('peripheral_id', '=', peripheralId)
    .where('sensor_type', 'in', sensorTypes)
    .execute();
}

/** Moves a puck's alarm points to another puck (transfer keeps them). */
export async function moveAlarmPoints(db: Kysely<DB>, fromId: number, toId: number): Promise<void> {
  await db
    .updateTable('alarm_points')
    .set({ peripheral_id: toId })
    .where('peripheral_id', '=', fromId)
    .execute();
}

export async function deleteAlarmPointsOfPeripheral(
  db: Kysely<DB>,
  peripheralId: number,
): Promise<void> {
  await db.deleteFrom('alarm_points').where('peripheral_id', '=', peripheralId).execute();
}
