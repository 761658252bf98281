import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, SensorType } from '../../platform/database/schema';

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

/** The columns a user's change of an alarm point writes: none is subject to visibility (decision 017). */
const WRITTEN_COLUMNS = [
  'range_min',
  'range_max',
  'is_enabled',
  'deadband',
  'delay_minutes',
  'delay_readings',
  'last_updated_at',
  'last_range_change',
] as const;

/**
 * Changes an alarm point and answers the columns a user's change writes, so the answer needs no
 * second read (decision 027); what a user is shown of a point otherwise is read through
 * `visible-history.repository.ts`. Undefined when the point is gone. A change of its settings
 * sets `last_updated_at` too: the trigger of migration 031 dates the old settings by it.
 */
export function updateAlarmPoint(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['alarm_points']>,
): Promise<Pick<Selectable<DB['alarm_points']>, (typeof WRITTEN_COLUMNS)[number]> | undefined> {
  return db
    .updateTable('alarm_points')
    .set(values)
    .where('id', '=', id)
    .returning(WRITTEN_COLUMNS)
    .executeTakeFirst();
}

/**
 * Enables or disables a puck's alarm points of the given sensor types, those not already so, at
 * `now` (the application's clock), which dates their old settings (migration 031).
 */
export async function setPeripheralAlarmPointsEnabled(
  db: Kysely<DB>,
  {
    peripheralId,
    sensorTypes,
    isEnabled,
    now,
  }: { peripheralId: number; sensorTypes: readonly SensorType[]; isEnabled: boolean; now: Date },
): Promise<void> {
  if (sensorTypes.length === 0) return;
  await db
    .updateTable('alarm_points')
    .set({ is_enabled: isEnabled, last_updated_at: now })
    .where('peripheral_id', '=', peripheralId)
    .where('sensor_type', 'in', sensorTypes)
    .where('is_enabled', '!=', isEnabled)
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
