import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type DeviceReportRow = Selectable<DB['device_reports']>;

/**
 * The latest report of each unit in `deviceIds`, one query for a whole device list: the whole
 * history, for staff; what a user sees goes through visible-history.repository.ts.
 */
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
