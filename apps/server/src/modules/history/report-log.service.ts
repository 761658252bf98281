import {
  findLatestVisibleReports,
  findVisiblePuckReports,
} from '../devices/visible-history.repository';
import type { AppContext } from '../../context';
import { requirePeripheral, requireUserDevice } from '../devices/device-access.service';

/** Report tables and logs load 500 rows at a time (device-management §9). */
export const REPORT_PAGE_SIZE = 500;

/**
 * The latest report time the caller sees of a unit, null before any (device-management §3
 * ReportLog; §6: a sub-account only from when it was given the unit, decision 017).
 */
export async function latestVisibleReportTime(
  ctx: AppContext,
  userDeviceId: number,
): Promise<{ ReportTimestamp: string | null }> {
  const latest = (await findLatestVisibleReports(ctx.db, [userDeviceId])).get(userDeviceId);
  return { ReportTimestamp: latest?.report_timestamp.toISOString() ?? null };
}

/** The latest report time of the caller's device (device-management §7 reportlog/devices). */
export async function getLatestReport(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<{ ReportTimestamp: string | null }> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  return latestVisibleReportTime(ctx, access.row.id);
}

/** A puck's readings the caller sees, newest first, 500 a page (device-management §7 getSpuckLog, §9). */
export async function getSpuckLog(
  ctx: AppContext,
  { callerId, serial, page }: { callerId: number; serial: string; page: number },
) {
  const { puck } = await requirePeripheral(ctx, { callerId, serial, mode: 'read' });
  const rows = await findVisiblePuckReports(ctx.db, puck, {
    limit: REPORT_PAGE_SIZE,
    offset: (page - 1) * REPORT_PAGE_SIZE,
  });
  return rows.map((row) => ({
    ReportTimestamp: row.report_timestamp.toISOString(),
    Temperature: row.temperature,
    Humidity: row.humidity,
    Water: row.water,
    BatteryLevel: row.battery_level,
  }));
}
