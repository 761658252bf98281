import type { AlarmPoint } from '@monitor/contract/alarm-points';
import {
  checkAlarmRange,
  HUMIDITY_LIMITS,
  MANUAL_TEMPERATURE_LIMITS,
  type RangeProblem,
} from '@monitor/domain/alarms/alarm-ranges';
import { isTemperatureSensor } from '@monitor/domain/alarms/alarm-points';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import type { SensorType } from '../../platform/database/schema';
import { updateAlarmPoint } from './alarm-points.repository';
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

/** Why a range was refused, after the catalogue's text (wording ours; limits from the domain, device-management §5). */
function rangeProblemMessage(reason: RangeProblem, sensorType: SensorType, unit: TempPref): string {
  const detail = (() => {
    switch (reason) {
      case 'not-a-number':
        return 'Enter a number for both ends of the range.';
      case 'min-above-max':
        return 'The low end must not be above the high end.';
      case 'out-of-limits': {
        if (!isTemperatureSensor(sensorType))
          return `Humidity must be between ${HUMIDITY_LIMITS.min} and ${HUMIDITY_LIMITS.max}.`;
        const limits = MANUAL_TEMPERATURE_LIMITS[unit];
        return `Temperature must be between ${limits.min} and ${limits.max} °${unit}.`;
      }
    }
  })();
  return `${DEVICE_MANAGEMENT_MESSAGES.updateAlarmPointsFailed} ${detail}`;
}

/**
 * Saves a range entered in the caller's unit: bounds and °F storage by the domain (manual limits
 * F -999..999, C -573..537, humidity 0–100; device-management §5), and marks the range change that
 * starts the 30-minute sync window (§4).
 */
export async function updateAlarmPointRange(
  ctx: AppContext,
  {
    callerId,
    id,
    range,
    unit,
  }: {
    callerId: number;
    id: number;
    range: { rangeMin: number | string; rangeMax: number | string };
    unit: TempPref;
  },
): Promise<AlarmPoint> {
  const row = await requireAlarmPoint(ctx, { callerId, id, mode: 'write' });
  const check = checkAlarmRange(row.sensor_type, range, unit);
  if (!check.isValid) throw badRequest(rangeProblemMessage(check.reason, row.sensor_type, unit));
  const now = ctx.now();
  const written = await updateAlarmPoint(ctx.db, id, {
    range_min: check.stored.rangeMin,
    range_max: check.stored.rangeMax,
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
