import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { findNewestOfEachInParts, isInReadingsPart } from '../telemetry/newest-readings';

export type DeviceReportRow = Selectable<DB['device_reports']>;

/**
 * The latest report of each unit in `deviceIds`, one query for a whole device list (two when a
 * unit's newest reading is older than the month of its last report, decision 077): the whole
 * history, for staff; what a user sees goes through visible-history.repository.ts.
 */
export function findLatestDeviceReports(
  db: Kysely<DB>,
  deviceIds: readonly number[],
): Promise<Map<number, DeviceReportRow>> {
  return findNewestOfEachInParts(deviceIds, async (part, ids) => {
    const rows = await db
      .selectFrom('devices')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('device_reports')
            .selectAll('device_reports')
            .whereRef('device_reports.device_id', '=', 'devices.id')
            .where(
              isInReadingsPart(part, 'device_reports.report_timestamp', {
                column: 'devices.last_report_at',
              }),
            )
            .orderBy('device_reports.report_timestamp', 'desc')
            .limit(1)
            .as('latest'),
        (join) => join.onTrue(),
      )
      .selectAll('latest')
      .where('devices.id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.device_id, row]));
  });
}
