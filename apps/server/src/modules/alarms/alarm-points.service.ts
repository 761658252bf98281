import type { AlarmPoint } from '@monitor/contract/alarm-points';
import { effectiveDeadband } from '@monitor/domain/alarms/deadband';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { SensorType } from '../../platform/database/schema';
import { updateAlarmPoint } from './alarm-points.repository';
import { checkAlarmPointSettings, type AlarmPointSettingsRequest } from './alarm-point-settings';
import { checkOwnerRowAccess } from './owner-row-access';
import {
  findAlarmPointSeenByCaller,
  findVisibleAlarmPoints,
  type SeenAlarmPointRow,
} from '../devices/visible-history.repository';
import { requirePeripheral, requireUserDevice } from '../devices/device-access.service';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An alarm point as a user device row sees it (decision 017). */
export function toAlarmPointEntity(row: SeenAlarmPointRow): AlarmPoint {
  return {
    Id: row.id,
    DeviceId: row.user_device_id,
    PeripheralId: row.peripheral_serial,
    RangeMin: row.range_min,
    RangeMax: row.range_max,
    Enabled: row.is_enabled,
    Deadband: row.deadband,
    EffectiveDeadband: effectiveDeadband(row.sensor_type, row.deadband, row.owner_temp_pref),
    DelayMinutes: row.delay_minutes,
    DelayReadings: row.delay_readings,
    DeviceSensor: {
      SensorType: row.sensor_type,
      SensorAlias: row.sensor_alias,
      LastTriggeredAlarm: iso(row.last_triggered_alarm),
      LastUpdatedDateTime: row.last_updated_at.toISOString(),
      LastRangeChange: iso(row.last_range_change),
      LastReadValue: row.last_read_value,
    },
  };
}

/** Alarm points of a user device, optionally of one puck and one sensor type (device-management §7). */
export async function queryAlarmPoints(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    peripheralSerial,
    sensorType,
  }: { callerId: number; userDeviceId: number; peripheralSerial?: string; sensorType?: SensorType },
): Promise<AlarmPoint[]> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  let peripheralId: number | undefined;
  if (peripheralSerial !== undefined) {
    const { puck } = await requirePeripheral(ctx, {
      callerId,
      serial: peripheralSerial.replace(/[\s-]/g, '').toUpperCase(),
      mode: 'read',
    });
    peripheralId = puck.id;
  }
  const rows = await findVisibleAlarmPoints(ctx.db, [access.row.id], {
    ...(peripheralId !== undefined && { peripheralId }),
    ...(sensorType !== undefined && { sensorType }),
  });
  return rows.map(toAlarmPointEntity);
}

const ALARM_POINT_NOT_FOUND = 'Alarm point not found.';

/**
 * The alarm point as the caller sees it, in one query (decision 027): 404 when there is none, 403
 * unless the caller's row on its unit holds it (the owner's) or, for reading, points at it (a
 * sub-account given the unit) — the rule of `requireOwnerRowAccess`, checked on the row it read.
 */
async function requireAlarmPoint(
  ctx: AppContext,
  { callerId, id, mode }: { callerId: number; id: number; mode: 'read' | 'write' },
): Promise<SeenAlarmPointRow> {
  const found = await findAlarmPointSeenByCaller(ctx.db, { callerId, id });
  if (!found) throw notFound(ALARM_POINT_NOT_FOUND);
  const viewerId = checkOwnerRowAccess(found, mode);
  const { owner_row_id: _ownerRowId, viewer_parent_id: _viewerParentId, ...row } = found;
  return { ...row, viewer_id: viewerId };
}

export async function getAlarmPoint(
  ctx: AppContext,
  { callerId, id }: { callerId: number; id: number },
): Promise<AlarmPoint> {
  return toAlarmPointEntity(await requireAlarmPoint(ctx, { callerId, id, mode: 'read' }));
}

/**
 * Saves a range entered in the caller's unit (manual limits F -999..999, C -573..537, humidity
 * 0–100, stored in °F; device-management §5) with, when asked, the deadband and delay (issue #23),
 * and marks the range change that starts the 30-minute sync window (§4). The write's
 * `last_updated_at` dates the old settings kept by migration 031's trigger.
 */
export async function updateAlarmPointSettings(
  ctx: AppContext,
  { callerId, id, ...request }: { callerId: number; id: number } & AlarmPointSettingsRequest,
): Promise<AlarmPoint> {
  const row = await requireAlarmPoint(ctx, { callerId, id, mode: 'write' });
  const settings = checkAlarmPointSettings(row, request);
  const now = ctx.now();
  const written = await updateAlarmPoint(ctx.db, id, {
    ...settings,
    last_updated_at: now,
    last_range_change: now,
  });
  if (!written) throw notFound(ALARM_POINT_NOT_FOUND);
  // The answer is the row read for the check with what the write returned: no second check.
  return toAlarmPointEntity({ ...row, ...written });
}

/** Turns an alarm point on, or off, which sets its alarm to none (device-management §7). */
export async function setAlarmPointEnabled(
  ctx: AppContext,
  { callerId, id, isEnabled }: { callerId: number; id: number; isEnabled: boolean },
): Promise<AlarmPoint> {
  const row = await requireAlarmPoint(ctx, { callerId, id, mode: 'write' });
  const written = await updateAlarmPoint(ctx.db, id, {
    is_enabled: isEnabled,
    last_updated_at: ctx.now(),
    ...(!isEnabled && { last_triggered_alarm: null }),
  });
  if (!written) throw notFound(ALARM_POINT_NOT_FOUND);
  return toAlarmPointEntity({
    ...row,
    ...written,
    ...(!isEnabled && { last_triggered_alarm: null }),
  });
}
