import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type PeripheralRow = Selectable<DB['peripherals']>;

export function findPeripheralRowBySerial(
  db: Kysely<DB>,
  serial: string,
): Promise<PeripheralRow | undefined> {
  return db.selectFrom('peripherals').selectAll().where('serial', '=', serial).executeTakeFirst();
}

/** The pucks attached to the given units, by location then serial. */
export async function findPeripheralRowsByDevices(
  db: Kysely<DB>,
  deviceIds: readonly number[],
  { location }: { location?: string } = {},
): Promise<PeripheralRow[]> {
  if (deviceIds.length === 0) return [];
  let query = db.selectFrom('peripherals').selectAll().where('device_id', 'in', deviceIds);
  if (location !== undefined) query = query.where('location', '=', location);
  return query.orderBy('location').orderBy('serial').execute();
}

export async function countAttachedPeripherals(db: Kysely<DB>, deviceId: number): Promise<number> {
  const row = await db
    .selectFrom('peripherals')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The puck holding a location on a unit, if any. */
export function findPeripheralRowByLocation(
  db: Kysely<DB>,
  deviceId: number,
  location: string,
): Promise<PeripheralRow | undefined> {
  return db
    .selectFrom('peripherals')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('location', '=', location)
    .executeTakeFirst();
}

export function updatePeripheral(
  db: Kysely<DB>,
  id: number,
  values: Updateable<DB['peripherals']>,
): Promise<PeripheralRow | undefined> {
  return db
    .updateTable('peripherals')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The pucks left on a unit start again for its new owner: no name or location, attached (and so
 * visible, decision 017) from `at` on.
 */
export async function restartPeripheralsOf(
  db: Kysely<DB>,
  deviceId: number,
  at: Date,
): Promise<void> {
  await db
    .updateTable('peripherals')
    .set({ name: null, location: null, attached_at: at })
    .where('device_id', '=', deviceId)
    .execute();
}

/** Locks a unit's row so two attaches to it count its pucks one after the other. */
export async function lockDevice(db: Kysely<DB>, deviceId: number): Promise<void> {
  await db.selectFrom('devices').select('id').where('id', '=', deviceId).forUpdate().execute();
}
