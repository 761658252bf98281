import type { Kysely, Selectable } from 'kysely';
import type { DB, DeviceCommand, DeviceCommandsTable } from '../../platform/database/schema';
import { findNewestInParts, isInReadingsPart } from '../telemetry/newest-readings';

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

/**
 * Power of a unit's newest report (LastRead.Power), or null before any; from the month of
 * `lastReportAt` (the unit's `last_report_at` as the caller read it, null for none known) first
 * (decision 077).
 */
export async function findLatestPower(
  db: Kysely<DB>,
  { deviceId, lastReportAt }: { deviceId: number; lastReportAt: Date | null },
): Promise<number | null> {
  const [row] = await findNewestInParts(1, (part, limit) =>
    db
      .selectFrom('device_reports')
      .select('power')
      .where('device_id', '=', deviceId)
      .where(isInReadingsPart(part, 'report_timestamp', lastReportAt))
      .orderBy('report_timestamp', 'desc')
      .limit(limit)
      .execute(),
  );
  return row?.power ?? null;
}
