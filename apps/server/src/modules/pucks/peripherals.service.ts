import type { Peripheral } from '@monitor/contract/peripherals';
import { defaultAlarmRange } from '@monitor/domain/alarms/alarm-ranges';
import {
  isFirmwareEligibleForPucks,
  needsPuckFirmwareCheck,
} from '@monitor/domain/devices/firmware';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import {
  canAddPeripheral,
  formatPuckSerial,
  hasSelectedPuckAlarm,
  isLogicLevel,
  logicLevelAfterChange,
  puckSensors,
  type LogicLevel,
  type LogicLevelSetType,
  type PuckSensor,
} from '@monitor/domain/devices/pucks';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/database/errors';
import type { Insertable } from 'kysely';
import type { DB, SensorType } from '../../platform/database/schema';
import {
  insertAlarmPoints,
  setPeripheralAlarmPointsEnabled,
} from '../alarms/alarm-points.repository';
import { findDeviceRowById } from '../devices/device-lookup.repository';
import {
  countAttachedPeripherals,
  findPeripheralRowByLocation,
  findPeripheralRowBySerial,
  lockDevice,
  updatePeripheral,
  type PeripheralRow,
} from './peripherals.repository';
import {
  findVisibleAlarmPoints,
  findVisiblePucks,
  type SeenAlarmPointRow,
} from '../devices/visible-history.repository';
import { toAlarmPointEntity } from '../alarms/alarm-points.service';
import { billPucksOf, puckAwaitsPayment } from '../entitlements/pucks.service';
import {
  requirePeripheral,
  requireUserDevice,
  type UserDeviceAccess,
} from '../devices/device-access.service';

/** The puck's logic level as the domain knows it; an unknown stored value reads as none. */
export function readLogicLevel(value: number | null): LogicLevel | null {
  return isLogicLevel(value) ? value : null;
}

const SENSOR_TYPE_BY_PUCK_SENSOR: Readonly<Record<PuckSensor, SensorType>> = {
  temperature: 'SP_TEMP',
  humidity: 'SP_HUMID',
  water: 'WATER',
};

const PUCK_SENSOR_BY_ALARM_TYPE: Readonly<Record<string, PuckSensor>> = {
  SPUCK_TEMP: 'temperature',
  SP_TEMP: 'temperature',
  SPUCK_HUMIDITY: 'humidity',
  SP_HUMID: 'humidity',
  WATER: 'water',
};

export function toPeripheralEntity(
  row: PeripheralRow,
  {
    imei,
    userDeviceId,
    alarmPoints,
  }: { imei: string | null; userDeviceId: number | null; alarmPoints: SeenAlarmPointRow[] },
): Peripheral {
  return {
    Id: row.serial,
    SerialNumber: formatPuckSerial(row.serial),
    Name: row.name,
    Location: row.location,
    DeviceId: imei,
    UserDeviceId: userDeviceId,
    LogicLevel: row.logic_level,
    SPuckStyle: row.spuck_style,
    SPuckAlias: row.spuck_alias,
    BatteryLevel: row.battery_level,
    CallinTime: row.callin_time?.toISOString() ?? null,
    ManufactureDate: row.manufacture_date ? row.manufacture_date.toISOString().slice(0, 10) : null,
    Sensors: [...puckSensors(readLogicLevel(row.logic_level)).sensors],
    AlarmPoints: alarmPoints.filter((a) => a.peripheral_id === row.id).map(toAlarmPointEntity),
  };
}

/** A puck's alarm points at the wizard defaults, one per sensor its logic level enables (device-management §4, §9). */
export function puckDefaultAlarmPoints(
  ownerRowId: number,
  puck: Pick<PeripheralRow, 'id' | 'logic_level'>,
): Insertable<DB['alarm_points']>[] {
  return puckSensors(readLogicLevel(puck.logic_level)).sensors.map((sensor) => {
    const sensorType = SENSOR_TYPE_BY_PUCK_SENSOR[sensor];
    const range = defaultAlarmRange(sensorType, 'wizard');
    return {
      user_device_id: ownerRowId,
      peripheral_id: puck.id,
      sensor_type: sensorType,
      range_min: range?.min ?? null,
      range_max: range?.max ?? null,
    };
  });
}

/** The pucks of a user device with their alarm points, as the caller sees them (decision 017). */
export async function listPeripheralsOf(
  ctx: AppContext,
  access: UserDeviceAccess,
  { location }: { location?: string } = {},
): Promise<Peripheral[]> {
  const rows = await findVisiblePucks(ctx.db, [access.row.id], {
    ...(location !== undefined && { location }),
  });
  const alarmPoints = await findVisibleAlarmPoints(ctx.db, [access.row.id]);
  return rows.map((row) =>
    toPeripheralEntity(row, { imei: access.row.imei, userDeviceId: access.row.id, alarmPoints }),
  );
}

export async function listPeripherals(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    location,
  }: { callerId: number; userDeviceId: number; location?: string },
): Promise<Peripheral[]> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  return listPeripheralsOf(ctx, access, { ...(location !== undefined && { location }) });
}

export async function getPeripheral(
  ctx: AppContext,
  { callerId, serial }: { callerId: number; serial: string },
): Promise<Peripheral> {
  const { puck, access } = await requirePeripheral(ctx, { callerId, serial, mode: 'read' });
  const alarmPoints = await findVisibleAlarmPoints(ctx.db, [access.row.id], {
    peripheralId: puck.id,
  });
  return toPeripheralEntity(puck, {
    imei: access.row.imei,
    userDeviceId: access.row.id,
    alarmPoints,
  });
}

/** A puck serial free to attach: 404 when it does not exist, 409 when already on a unit (device-management §5). */
export async function requireFreePeripheral(
  ctx: AppContext,
  serial: string,
): Promise<PeripheralRow> {
  const puck = await findPeripheralRowBySerial(ctx.db, serial);
  if (!puck) throw notFound('SPuck not found');
  if (puck.device_id !== null) throw conflict('This SPuck is already registered to a device.');
  return puck;
}

const NONUNIQUE_LOCATION = 'This location is already used by another SPuck on this device.';

/**
 * Attaches a puck to the caller's unit: at most 16 per unit, a location no other puck on it holds,
 * and for a puck with a logic level, unit firmware 8 or more (device-management §4, §5, §9). The
 * puck's alarm points start at the wizard defaults for the sensors its logic level enables. On a
 * card-billed unit it waits for its upfront charge (the wizard's payment step) before it is billed
 * or heard from; on an invoiced unit its monthly part is added now (issue #22, entitlements).
 */
export async function attachPeripheral(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    serial,
    name,
    location,
  }: { callerId: number; userDeviceId: number; serial: string; name: string; location: string },
): Promise<Peripheral> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'write' });
  const puck = await requireFreePeripheral(ctx, serial);
  const device = await findDeviceRowById(ctx.db, access.row.device_id);
  if (!device) throw notFound('Device not found.');
  if (
    needsPuckFirmwareCheck(puck.logic_level) &&
    !isFirmwareEligibleForPucks(device.firmware_version)
  )
    throw badRequest(DEVICE_RULE_MESSAGES.pucksNeedNewerFirmware);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockDevice(trx, device.id);
      if (!canAddPeripheral(await countAttachedPeripherals(trx, device.id)))
        throw badRequest(DEVICE_MANAGEMENT_MESSAGES.peripheralLimitReached);
      if (await findPeripheralRowByLocation(trx, device.id, location))
        throw conflict(NONUNIQUE_LOCATION);
      const unit = {
        ownerRowId: access.ownerRowId,
        deviceId: device.id,
        deviceType: device.device_type,
      };
      const attached = await updatePeripheral(trx, puck.id, {
        device_id: device.id,
        name,
        location,
        attached_at: ctx.now(),
        awaiting_payment: await puckAwaitsPayment(trx, unit),
      });
      if (!attached) throw notFound('SPuck not found');
      await insertAlarmPoints(trx, puckDefaultAlarmPoints(access.ownerRowId, puck));
      await billPucksOf(trx, unit, ctx.now());
    });
  } catch (error) {
    if (isUniqueViolation(error, 'peripherals_device_id_location_key'))
      throw conflict(NONUNIQUE_LOCATION);
    throw error;
  }
  return getPeripheral(ctx, { callerId, serial });
}

/** Renames or moves a puck; the location stays unique on the unit (device-management §5). */
export async function updatePeripheralDetails(
  ctx: AppContext,
  {
    callerId,
    serial,
    name,
    location,
  }: { callerId: number; serial: string; name: string; location: string },
): Promise<Peripheral> {
  const { puck, access } = await requirePeripheral(ctx, { callerId, serial, mode: 'write' });
  const holder = await findPeripheralRowByLocation(ctx.db, puck.device_id, location);
  if (holder && holder.id !== puck.id) throw conflict(NONUNIQUE_LOCATION);
  try {
    await updatePeripheral(ctx.db, puck.id, { name, location });
  } catch (error) {
    if (isUniqueViolation(error, 'peripherals_device_id_location_key'))
      throw conflict(NONUNIQUE_LOCATION);
    throw error;
  }
  // The puck as checked, with what was written: no second access check (decision 027).
  const alarmPoints = await findVisibleAlarmPoints(ctx.db, [access.row.id], {
    peripheralId: puck.id,
  });
  return toPeripheralEntity(
    { ...puck, name, location },
    { imei: access.row.imei, userDeviceId: access.row.id, alarmPoints },
  );
}

/**
 * Turns puck alarms on (+1) or off (-1): the listed types' alarm points follow, and the logic level
 * steps within its pair by the domain rule; at least one alarm type must stay on (device-management §4, §5).
 */
export async function updateLogicLevel(
  ctx: AppContext,
  {
    callerId,
    serial,
    alarmTypes,
    setType,
  }: {
    callerId: number;
    serial: string;
    alarmTypes: readonly string[];
    setType: LogicLevelSetType;
  },
): Promise<Peripheral> {
  const { puck, access } = await requirePeripheral(ctx, { callerId, serial, mode: 'write' });
  const logicLevel = readLogicLevel(puck.logic_level);
  const changed = new Set(
    alarmTypes.map((type) => PUCK_SENSOR_BY_ALARM_TYPE[type]).filter((s) => s !== undefined),
  );
  const points = await findVisibleAlarmPoints(ctx.db, [access.row.id], { peripheralId: puck.id });
  const isOn = (sensor: PuckSensor) =>
    changed.has(sensor)
      ? setType === 1
      : points.some((p) => p.sensor_type === SENSOR_TYPE_BY_PUCK_SENSOR[sensor] && p.is_enabled);
  const selection = {
    temperature: isOn('temperature'),
    humidity: isOn('humidity'),
    water: isOn('water'),
  };
  if (!hasSelectedPuckAlarm(logicLevel, selection))
    throw badRequest(DEVICE_RULE_MESSAGES.selectAtLeastOneAlarmType);
  const nextLevel = logicLevelAfterChange(logicLevel, setType) ?? logicLevel;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await setPeripheralAlarmPointsEnabled(trx, {
      peripheralId: puck.id,
      sensorTypes: [...changed].map((sensor) => SENSOR_TYPE_BY_PUCK_SENSOR[sensor]),
      isEnabled: setType === 1,
      now,
    });
    await updatePeripheral(trx, puck.id, { logic_level: nextLevel });
  });
  // The puck and points as read for the check, with what was written (decision 027).
  const changedTypes = new Set([...changed].map((sensor) => SENSOR_TYPE_BY_PUCK_SENSOR[sensor]));
  return toPeripheralEntity(
    { ...puck, logic_level: nextLevel },
    {
      imei: access.row.imei,
      userDeviceId: access.row.id,
      alarmPoints: points.map((point) =>
        changedTypes.has(point.sensor_type) && point.is_enabled !== (setType === 1)
          ? { ...point, is_enabled: setType === 1, last_updated_at: now }
          : point,
      ),
    },
  );
}
