import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/database/schema';

/** A unit the demo customer owns, with what the simulator's device file needs. */
export type DemoUnitRow = {
  user_device_id: number;
  device_id: number;
  imei: string;
  serial_number: string;
  device_type: number;
  firmware_version: string | null;
  last_report_at: Date | null;
};

/** The units a user owns (not those given to them as a sub-account), oldest registration first. */
export function findOwnedUnits(db: Kysely<DB>, userId: number): Promise<DemoUnitRow[]> {
  return db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.id', 'user_devices.device_id')
    .select([
      'user_devices.id as user_device_id',
      'devices.id as device_id',
      'devices.imei',
      'devices.serial_number',
      'devices.device_type',
      'devices.firmware_version',
      'devices.last_report_at',
    ])
    .where('user_devices.user_id', '=', userId)
    .where('user_devices.parent_user_device_id', 'is', null)
    .orderBy('user_devices.id')
    .execute();
}

/** Replaces a unit's device key (only its SHA-256 is stored). */
export async function updateDeviceKeyHash(
  db: Kysely<DB>,
  deviceId: number,
  keyHash: string,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ device_key_hash: keyHash })
    .where('id', '=', deviceId)
    .execute();
}

/** Sets the instant updates left on a user device (bought ones, in the product). */
export async function setInstantUpdates(
  db: Kysely<DB>,
  userDeviceId: number,
  count: number,
): Promise<void> {
  await db
    .updateTable('user_devices')
    .set({ instant_updates: count })
    .where('id', '=', userDeviceId)
    .execute();
}

/**
 * Makes the history of a user's own units and their pucks visible from `from` on (decision 017):
 * the demo's units stand for units owned long before the simulator back-fills their past, so
 * they were provisioned by then too, or the device protocol would refuse it (decision 055).
 */
export async function showOwnedHistoryFrom(
  db: Kysely<DB>,
  userId: number,
  from: Date,
): Promise<void> {
  const owned = db
    .selectFrom('user_devices')
    .where('user_id', '=', userId)
    .where('parent_user_device_id', 'is', null);
  await db
    .updateTable('user_devices')
    .set({ visible_from: sql<Date>`least(visible_from, ${from})` })
    .where('id', 'in', owned.select('id'))
    .execute();
  await db
    .updateTable('peripherals')
    .set({ attached_at: sql<Date>`least(attached_at, ${from})` })
    .where('device_id', 'in', owned.select('device_id'))
    .execute();
  await db
    .updateTable('devices')
    .set({ provisioned_at: sql<Date>`least(provisioned_at, ${from})` })
    .where('id', 'in', owned.select('device_id'))
    .execute();
}
