import {
  findLatestDeviceReports,
  findPeripheralReports,
} from '../db/repositories/report-log.repository';
import type { AppContext } from '../context';
import { requirePeripheral, requireUserDevice } from './device-access.service';

/** Report tables and logs load 500 rows at a time (device-management §9). */
export const REPORT_PAGE_SIZE = 500;

/** The latest report time of the caller's device, null before any report (device-management §3 ReportLog). */
export async function getLatestReport(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<{ ReportTimestamp: string | null }> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  const latest = (await findLatestDeviceReports(ctx.db, [access.row.device_id])).get(
    access.row.device_id,
  );
  return { ReportTimestamp: latest?.report_timestamp.toISOString() ?? null };
}

/** A puck's readings, newest first, 500 a page (device-management §7 getSpuckLog, §9). */
export async function getSpuckLog(
  ctx: AppContext,
  { callerId, serial, page }: { callerId: number; serial: string; page: number },
) {
  const { puck } = await requirePeripheral(ctx, { callerId, serial, mode: 'read' });
  const rows = await findPeripheralReports(ctx.db, puck.id, {
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
