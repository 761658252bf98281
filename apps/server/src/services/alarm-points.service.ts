import type { AlarmPoint } from '@monitor/contract/alarm-points';
import {
  checkAlarmRange,
  HUMIDITY_LIMITS,
  MANUAL_TEMPERATURE_LIMITS,
  type RangeProblem,
} from '@monitor/domain/alarm-ranges';
import { isTemperatureSensor } from '@monitor/domain/alarm-points';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/messages';
import type { TempPref } from '@monitor/domain/temperature';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import type { SensorType } from '../db/schema';
import { findAlarmPointOwner, updateAlarmPoint } from '../db/repositories/alarm-points.repository';
import {
  findVisibleAlarmPoints,
  type SeenAlarmPointRow,
} from '../db/repositories/visible-history.repository';
import {
  requireOwnerRowAccess,
  requirePeripheral,
  requireUserDevice,
} from './device-access.service';

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

/** The alarm point as the caller sees it: 404 when there is none, 403 when it is another user's. */
async function requireAlarmPoint(
  ctx: AppContext,
  { callerId, id, mode }: { callerId: number; id: number; mode: 'read' | 'write' },
): Promise<SeenAlarmPointRow> {
  const found = await findAlarmPointOwner(ctx.db, id);
  if (!found) throw notFound(ALARM_POINT_NOT_FOUND);
  const access = await requireOwnerRowAccess(ctx, {
    callerId,
    ownerRowId: found.user_device_id,
    mode,
  });
  const [row] = await findVisibleAlarmPoints(ctx.db, [access.row.id], { id });
  if (!row) throw notFound(ALARM_POINT_NOT_FOUND);
  return row;
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
  await updateAlarmPoint(ctx.db, id, {
    range_min: check.stored.rangeMin,
    range_max: check.stored.rangeMax,
    last_updated_at: now,
    last_range_change: now,
  });
  return getAlarmPoint(ctx, { callerId, id });
}

/** Turns an alarm point on, or off, which sets its alarm to none (device-management §7). */
export async function setAlarmPointEnabled(
  ctx: AppContext,
  { callerId, id, isEnabled }: { callerId: number; id: number; isEnabled: boolean },
): Promise<AlarmPoint> {
  await requireAlarmPoint(ctx, { callerId, id, mode: 'write' });
  await updateAlarmPoint(ctx.db, id, {
    is_enabled: isEnabled,
    last_updated_at: ctx.now(),
    ...(!isEnabled && { last_triggered_alarm: null }),
  });
  return getAlarmPoint(ctx, { callerId, id });
}
