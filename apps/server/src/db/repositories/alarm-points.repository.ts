import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, SensorType } from '../schema';

export type AlarmPointRow = Selectable<DB['alarm_points']>;
/** An alarm point with its puck's serial, as the AlarmPoint entity names the puck. */
export type AlarmPointWithSerialRow = AlarmPointRow & { peripheral_serial: string | null };

function selectWithSerial(db: Kysely<DB>) {
  return db
    .selectFrom('alarm_points')
    .leftJoin('peripherals', 'peripherals.id', 'alarm_points.peripheral_id')
    .selectAll('alarm_points')
    .select('peripherals.serial as peripheral_serial');
}

export function findAlarmPointRow(
  db: Kysely<DB>,
  id: number,
): Promise<AlarmPointWithSerialRow | undefined> {
  return selectWithSerial(db).where('alarm_points.id', '=', id).executeTakeFirst();
}

/** The alarm points of some user devices, optionally of one puck (null: the unit's own) and type. */
export async function findAlarmPointRows(
  db: Kysely<DB>,
  userDeviceIds: readonly number[],
  { peripheralId, sensorType }: { peripheralId?: number | null; sensorType?: SensorType } = {},
): Promise<AlarmPointWithSerialRow[]> {
  if (userDeviceIds.length === 0) return [];
  let query = selectWithSerial(db).where('alarm_points.user_device_id', 'in', userDeviceIds);
  if (peripheralId === null) query = query.where('alarm_points.peripheral_id', 'is', null);
  else if (peripheralId !== undefined)
    query = query.where('alarm_points.peripheral_id', '=', peripheralId);
  if (sensorType !== undefined) query = query.where('alarm_points.sensor_type', '=', sensorType);
  return query.orderBy('alarm_points.id').execute();
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
