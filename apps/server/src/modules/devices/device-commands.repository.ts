import type { Kysely, Selectable } from 'kysely';
import type { DB, DeviceCommand, DeviceCommandsTable } from '../../platform/database/schema';

export type DeviceCommandRow = Selectable<DeviceCommandsTable>;

export function insertDeviceCommand(
  db: Kysely<DB>,
  values: {
    device_id: number;
    command: DeviceCommand;
    requested_by_user_id: number | null;
    paid_by_user_device_id?: number | null;
    created_at: Date;
  },
): Promise<DeviceCommandRow> {
  return db.insertInto('device_commands').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Starts the pet monitor window on every view of a unit (the owner's row and its sub-accounts'
 * rows): LastRequestedTime in epoch seconds (device-management §4, §9). The upgrade itself
 * (PetMonitor) is bought, never switched on here (modules/entitlements).
 */
export async function startPetMonitor(
  db: Kysely<DB>,
  ownerUserDeviceId: number,
  requestedAtSeconds: number,
): Promise<void> {
  await db
    .updateTable('user_devices')
    .set({ last_requested_time: requestedAtSeconds })
    .where((eb) =>
      eb.or([
        eb('id', '=', ownerUserDeviceId),
        eb('parent_user_device_id', '=', ownerUserDeviceId),
      ]),
    )
    .execute();
}

/** Power of a unit's newest report (LastRead.Power), or null before any. */
export async function findLatestPower(db: Kysely<DB>, deviceId: number): Promise<number | null> {
  const row = await db
    .selectFrom('device_reports')
    .select('power')
    .where('device_id', '=', deviceId)
    .orderBy('report_timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.power ?? null;
}
