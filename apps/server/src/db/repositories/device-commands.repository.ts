import type { Kysely, Selectable } from 'kysely';
import type { DB, DeviceCommand, DeviceCommandsTable } from '../schema';

export type DeviceCommandRow = Selectable<DeviceCommandsTable>;

export function insertDeviceCommand(
  db: Kysely<DB>,
  values: {
    device_id: number;
    command: DeviceCommand;
    requested_by_user_id: number | null;
    created_at: Date;
  },
): Promise<DeviceCommandRow> {
  return db.insertInto('device_commands').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Marks commands done; ids of another unit's commands, or already acknowledged ones, are ignored. */
export async function acknowledgeDeviceCommands(
  db: Kysely<DB>,
  deviceId: number,
  ids: readonly number[],
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('device_commands')
    .set({ acked_at: at })
    .where('device_id', '=', deviceId)
    .where('id', 'in', [...ids])
    .where('acked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The unit's commands not yet acknowledged, oldest first, stamping the first hand-over
 * (delivered_at) on those handed over now for the first time. A poll with nothing waiting costs
 * one index read (device_commands_waiting_idx) and writes nothing.
 */
export async function takeWaitingDeviceCommands(
  db: Kysely<DB>,
  deviceId: number,
  at: Date,
): Promise<DeviceCommandRow[]> {
  const rows = await db
    .selectFrom('device_commands')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('acked_at', 'is', null)
    .orderBy('id')
    .execute();
  const fresh = rows.filter((row) => row.delivered_at === null).map((row) => row.id);
  if (fresh.length === 0) return rows;
  await db
    .updateTable('device_commands')
    .set({ delivered_at: at })
    .where('id', 'in', fresh)
    .where('delivered_at', 'is', null)
    .execute();
  return rows.map((row) => (row.delivered_at === null ? { ...row, delivered_at: at } : row));
}

/** Whether `userId` holds a sub-account row pointing at the owner's row `userDeviceId`. */
export async function hasSubAccountUserDevice(
  db: Kysely<DB>,
  userDeviceId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_devices')
    .select('id')
    .where('parent_user_device_id', '=', userDeviceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Starts pet monitor mode on every view of a unit (the owner's row and its sub-accounts' rows):
 * PetMonitor on, LastRequestedTime in epoch seconds (device-management §4, §9).
 */
export async function startPetMonitor(
  db: Kysely<DB>,
  ownerUserDeviceId: number,
  requestedAtSeconds: number,
): Promise<void> {
  await db
    .updateTable('user_devices')
    .set({ pet_monitor: true, last_requested_time: requestedAtSeconds })
    .where((eb) =>
      eb.or([
        eb('id', '=', ownerUserDeviceId),
        eb('parent_user_device_id', '=', ownerUserDeviceId),
      ]),
    )
    .execute();
}

/** The time of a unit's newest stored report, or null before any. */
export async function findLatestReportTime(db: Kysely<DB>, deviceId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('device_reports')
    .select('report_timestamp')
    .where('device_id', '=', deviceId)
    .orderBy('report_timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.report_timestamp ?? null;
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
