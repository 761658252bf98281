import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type InstantUpdateRow = { id: number; instant_updates: number };

/**
 * The user's own row on a unit with the count it spends from: its own, or for a sub-account the
 * owner's (`count_row_id`; decision 017).
 */
export type InstantUpdateHolder = InstantUpdateRow & { count_row_id: number };

function selectHolder(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('user_devices as own')
    .innerJoin('user_devices as holder', (join) =>
      join.on((eb) => eb('holder.id', '=', eb.fn.coalesce('own.parent_user_device_id', 'own.id'))),
    )
    .select(['own.id', 'holder.instant_updates', 'holder.id as count_row_id'])
    .where('own.user_id', '=', userId);
}

/** The user's own row for the unit with this serial. */
export function findUserDeviceBySerial(
  db: Kysely<DB>,
  userId: number,
  serialNumber: string,
): Promise<InstantUpdateHolder | undefined> {
  return selectHolder(db, userId)
    .innerJoin('devices', 'devices.id', 'own.device_id')
    .where('devices.serial_number', '=', serialNumber)
    .orderBy('own.id')
    .executeTakeFirst();
}

export function findOwnUserDevice(
  db: Kysely<DB>,
  userId: number,
  userDeviceId: number,
): Promise<InstantUpdateHolder | undefined> {
  return selectHolder(db, userId).where('own.id', '=', userDeviceId).executeTakeFirst();
}

/**
 * Clears LastRequestedTime on the user's muted (Device OFF) units among these serials that have a
 * request on record (device-management §4).
 */
export async function clearLastRequestedTimeOfMuted(
  db: Kysely<DB>,
  userId: number,
  serialNumbers: readonly string[],
): Promise<void> {
  if (serialNumbers.length === 0) return;
  await db
    .updateTable('user_devices')
    .set({ last_requested_time: null })
    .where('user_id', '=', userId)
    .where('mute', '=', true)
    .where('last_requested_time', 'is not', null)
    .where('device_id', 'in', (eb) =>
      eb
        .selectFrom('devices')
        .select('id')
        .where('serial_number', 'in', [...serialNumbers]),
    )
    .execute();
}
