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
