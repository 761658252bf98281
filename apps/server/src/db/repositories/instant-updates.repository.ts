import type { Kysely } from 'kysely';
import type { DB } from '../schema';

export type InstantUpdateRow = { id: number; instant_updates: number };

/** The user's own row for the unit with this serial. */
export function findUserDeviceBySerial(
  db: Kysely<DB>,
  userId: number,
  serialNumber: string,
): Promise<InstantUpdateRow | undefined> {
  return db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.id', 'user_devices.device_id')
    .select(['user_devices.id', 'user_devices.instant_updates'])
    .where('user_devices.user_id', '=', userId)
    .where('devices.serial_number', '=', serialNumber)
    .orderBy('user_devices.id')
    .executeTakeFirst();
}

export function findOwnUserDevice(
  db: Kysely<DB>,
  userId: number,
  userDeviceId: number,
): Promise<InstantUpdateRow | undefined> {
  return db
    .selectFrom('user_devices')
    .select(['id', 'instant_updates'])
    .where('id', '=', userDeviceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Spends one instant update, never below zero; undefined when none was left. */
export function decrementInstantUpdates(
  db: Kysely<DB>,
  userDeviceId: number,
): Promise<InstantUpdateRow | undefined> {
  return db
    .updateTable('user_devices')
    .set((eb) => ({ instant_updates: eb('instant_updates', '-', 1) }))
    .where('id', '=', userDeviceId)
    .where('instant_updates', '>', 0)
    .returning(['id', 'instant_updates'])
    .executeTakeFirst();
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
