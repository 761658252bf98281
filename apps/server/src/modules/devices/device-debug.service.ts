import {
  DEBUG_DETAIL_LIMIT,
  DEBUG_LIST_LIMIT,
  type DebugDevice,
  type DeviceDebugDetails,
  type DeviceDebugList,
} from '@monitor/contract/device-debug';
import type { AppContext } from '../../context';
import { DEMO_STAFF } from '../../platform/config/demo-accounts';
import { forbidden, notFound } from '../../platform/errors';
import {
  findDebugDeviceByImei,
  findDebugDevices,
  findRecentDeliveriesOfDevice,
  findRecentDeviceReports,
  type DebugDeviceRow,
} from './device-debug.repository';
import { findLatestDeviceReports } from '../history/report-log.repository';
import { findUserByEmail } from '../accounts/users.repository';

/** The refusal both debug calls give anyone not permitted. */
export const DEBUG_FORBIDDEN_MESSAGE = 'The device debug pages are limited to support staff.';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The user ids allowed the debug pages (device-management §6): DEBUG_USER_IDS, or, when it is
 * unset and the demo is seeded, the demo staff user, looked up because its id depends on the database.
 */
async function findDebugUserIds(ctx: AppContext): Promise<readonly number[]> {
  if (ctx.config.debugUserIds) return ctx.config.debugUserIds;
  if (!ctx.config.seedDemo) return [];
  const staff = await findUserByEmail(ctx.db, DEMO_STAFF.email);
  return staff ? [staff.id] : [];
}

/**
 * Refuses (403) a caller who is not one of the permitted ids, or who names another user. An
 * impersonating staff member acts as the customer here, so the customer's id is what counts.
 */
export async function requireDebugUser(
  ctx: AppContext,
  { callerId, userId }: { callerId: number; userId: number },
): Promise<void> {
  if (callerId !== userId) throw forbidden(DEBUG_FORBIDDEN_MESSAGE);
  if (!(await findDebugUserIds(ctx)).includes(callerId)) throw forbidden(DEBUG_FORBIDDEN_MESSAGE);
}

function toDebugDevice(row: DebugDeviceRow, lastReportTime: Date | null): DebugDevice {
  return {
    DeviceId: row.imei,
    SerialNumber: row.serial_number,
    DeviceType: row.device_type,
    FirmwareVersion: row.firmware_version,
    Memo: row.memo,
    DeviceNSP: row.device_nsp,
    ModemActivated: row.modem_activated,
    UserDeviceId: row.user_device_id,
    OwnerUserId: row.owner_user_id,
    OwnerEmail: row.owner_email,
    Active: row.is_active,
    LastReportTime: iso(lastReportTime),
    LastMessage: iso(row.last_report_at),
    PeripheralCount: Number(row.peripheral_count),
    OpenAlarms: Number(row.open_alarms),
  };
}

/** Every unit in the system for support, by IMEI, capped at DEBUG_LIST_LIMIT; `search` narrows it. */
export async function listDebugDevices(
  ctx: AppContext,
  { search }: { search: string | undefined },
): Promise<DeviceDebugList> {
  const { rows, total } = await findDebugDevices(ctx.db, {
    search: search || undefined,
    limit: DEBUG_LIST_LIMIT,
  });
  const latest = await findLatestDeviceReports(
    ctx.db,
    rows.map((row) => row.device_id),
  );
  return {
    Devices: rows.map((row) =>
      toDebugDevice(row, latest.get(row.device_id)?.report_timestamp ?? null),
    ),
    Total: total,
  };
}

/** One unit's facts, its latest reports with raw values and its latest alarm deliveries. */
export async function getDebugDetails(ctx: AppContext, imei: string): Promise<DeviceDebugDetails> {
  const row = await findDebugDeviceByImei(ctx.db, imei);
  if (!row) throw notFound('No unit has this IMEI.');
  const [reports, deliveries] = await Promise.all([
    findRecentDeviceReports(ctx.db, {
      deviceId: row.device_id,
      lastReportAt: row.last_report_at,
      limit: DEBUG_DETAIL_LIMIT,
    }),
    findRecentDeliveriesOfDevice(ctx.db, row.device_id, DEBUG_DETAIL_LIMIT),
  ]);
  return {
    Device: toDebugDevice(row, reports[0]?.report_timestamp ?? null),
    Reports: reports.map((report) => ({
      ReportTimestamp: report.report_timestamp.toISOString(),
      ReceivedAt: report.received_at.toISOString(),
      Temperature: report.temperature,
      Humidity: report.humidity,
      Power: report.power,
      SignalStrength: report.signal_strength,
      Water: report.water,
      Motion: report.motion,
    })),
    Deliveries: deliveries.map((delivery) => ({
      Id: delivery.id,
      AlarmType: delivery.alarm_type,
      Channel: delivery.channel,
      Address: delivery.address,
      Subject: delivery.subject,
      Status: delivery.status,
      Attempts: delivery.attempts,
      LastError: delivery.last_error,
      CreatedAt: delivery.created_at.toISOString(),
      SentAt: iso(delivery.sent_at),
    })),
  };
}
