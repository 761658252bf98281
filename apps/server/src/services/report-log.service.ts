import {
  findLatestDeviceReports,
  findPeripheralReports,
} from '../db/repositories/report-log.repository';
import type { AppContext } from '../context';
import {
  requirePeripheral,
  requireUserDevice,
  type UserDeviceAccess,
} from './device-access.service';

/**
 * Where the caller's records start: a sub-account sees records only from the day it was given the
 * device (device-management §4, §6 "Sub-account user"); an owner sees them all.
 */
export function recordsStart(access: UserDeviceAccess): Date | null {
  return access.isOwner ? null : access.row.created_at;
}

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
  const since = recordsStart(access);
  if (!latest || (since && latest.report_timestamp < since)) return { ReportTimestamp: null };
  return { ReportTimestamp: latest.report_timestamp.toISOString() };
}

/** A puck's readings, newest first, 500 a page (device-management §7 getSpuckLog, §9). */
export async function getSpuckLog(
  ctx: AppContext,
  { callerId, serial, page }: { callerId: number; serial: string; page: number },
) {
  const { puck, access } = await requirePeripheral(ctx, { callerId, serial, mode: 'read' });
  const since = recordsStart(access);
  const rows = await findPeripheralReports(ctx.db, puck.id, {
    limit: REPORT_PAGE_SIZE,
    offset: (page - 1) * REPORT_PAGE_SIZE,
    ...(since && { since }),
  });
  return rows.map((row) => ({
    ReportTimestamp: row.report_timestamp.toISOString(),
    Temperature: row.temperature,
    Humidity: row.humidity,
    Water: row.water,
    BatteryLevel: row.battery_level,
  }));
}
