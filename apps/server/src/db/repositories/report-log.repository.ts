import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../schema';

export type DeviceReportRow = Selectable<DB['device_reports']>;
export type PeripheralReportRow = Selectable<DB['peripheral_reports']>;

/** The latest report of each unit in `deviceIds`, one query for a whole device list. */
export async function findLatestDeviceReports(
  db: Kysely<DB>,
  deviceIds: readonly number[],
): Promise<Map<number, DeviceReportRow>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('device_reports')
    .selectAll()
    .distinctOn('device_id')
    .where('device_id', 'in', deviceIds)
    .orderBy('device_id')
    .orderBy('report_timestamp', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.device_id, row]));
}

/** A puck's readings, newest first, `limit` at a time; from `since` on when given. */
export function findPeripheralReports(
  db: Kysely<DB>,
  peripheralId: number,
  { limit, offset, since }: { limit: number; offset: number; since?: Date },
): Promise<PeripheralReportRow[]> {
  let query = db
    .selectFrom('peripheral_reports')
    .selectAll()
    .where('peripheral_id', '=', peripheralId);
  if (since) query = query.where('report_timestamp', '>=', since);
  return query.orderBy('report_timestamp', 'desc').limit(limit).offset(offset).execute();
}
