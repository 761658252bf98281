import type { UnitRef } from '@monitor/contract/common';
import type { Device, DeviceBySerial } from '@monitor/contract/user-devices';
import {
  isDeviceFirmwareSupported,
  isFirmwareEligibleForPucks,
} from '@monitor/domain/devices/firmware';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../platform/errors';
import {
  findDeviceRowById,
  findDeviceRowByImei,
  findDeviceRowBySerial,
  type DeviceRow,
} from './device-lookup.repository';
import { findOwnerUserDeviceRow } from './user-devices.repository';
import { ensureModemActivated } from './modem-activation.service';
import { requireDeviceAccess } from './device-access.service';
import { requireFreePeripheral, readLogicLevel } from '../pucks/peripherals.service';

export function toDeviceEntity(row: DeviceRow): Device {
  return {
    Id: row.id,
    IMEI: row.imei,
    SerialNumber: row.serial_number,
    DeviceType: row.device_type,
    TenantId: row.tenant_id,
    FirmwareVersion: row.firmware_version,
    Memo: row.memo,
    DeviceNSP: row.device_nsp,
    ModemActivated: row.modem_activated,
  };
}

const SERIAL_NOT_FOUND = 'This serial number does not exist. Please check it and try again.';

async function requireDeviceBySerial(ctx: AppContext, serial: string): Promise<DeviceRow> {
  const device = await findDeviceRowBySerial(ctx.db, serial);
  if (!device) throw notFound(SERIAL_NOT_FOUND);
  return device;
}

/** A serial that may be registered: 404 when it does not exist, 409 when already registered (accounts-devices-billing §5). */
export async function requireRegistrableDevice(
  ctx: AppContext,
  serial: string,
): Promise<DeviceRow> {
  const device = await requireDeviceBySerial(ctx, serial);
  if (await findOwnerUserDeviceRow(ctx.db, device.id))
    throw conflict('This serial number is already registered.');
  return device;
}

/** A unit by its numeric Id or 15-digit IMEI, for a caller who owns it or was given it (device-management §7). */
export async function getDevice(
  ctx: AppContext,
  { callerId, ref }: { callerId: number; ref: UnitRef },
): Promise<Device> {
  const device =
    'imei' in ref
      ? await findDeviceRowByImei(ctx.db, ref.imei)
      : await findDeviceRowById(ctx.db, ref.id);
  if (!device) throw notFound('Device not found.');
  await requireDeviceAccess(ctx, { callerId, deviceId: device.id, mode: 'read' });
  return toDeviceEntity(device);
}

/**
 * A unit by serial (accounts-devices-billing §5, §7): whole for its owner; anyone else learns only
 * that it exists, whether it is taken, and the firmware facts getDeviceFirmware gives anyone. The
 * IMEI, carrier and modem state are the owner's, as GET /api/devices/{id} keeps them.
 */
export async function findDeviceBySerial(
  ctx: AppContext,
  { callerId, serial }: { callerId: number; serial: string },
): Promise<DeviceBySerial> {
  const device = await requireDeviceBySerial(ctx, serial);
  const owner = await findOwnerUserDeviceRow(ctx.db, device.id);
  const entity = toDeviceEntity(device);
  if (owner?.user_id === callerId) return { ...entity, Registered: true };
  return {
    ...entity,
    Id: null,
    IMEI: null,
    DeviceNSP: null,
    ModemActivated: null,
    Registered: owner !== undefined,
  };
}

/** Checks a serial before registering it: 404 unknown, 409 taken, else what findbyserial gives. */
export async function validateDeviceSerial(
  ctx: AppContext,
  { callerId, serial }: { callerId: number; serial: string },
): Promise<DeviceBySerial> {
  await requireRegistrableDevice(ctx, serial);
  return findDeviceBySerial(ctx, { callerId, serial });
}

/** The firmware facts of a serial, for the registration wizard's gate (accounts-devices-billing §5). */
export async function getDeviceFirmware(ctx: AppContext, serial: string) {
  const device = await requireDeviceBySerial(ctx, serial);
  return {
    SerialNumber: device.serial_number,
    DeviceType: device.device_type,
    FirmwareVersion: device.firmware_version,
    Memo: device.memo,
    IsSupported: isDeviceFirmwareSupported(device.firmware_version),
    IsPuckEligible: isFirmwareEligibleForPucks(device.firmware_version),
  };
}

/** Activates the modem of the caller's unit, for carriers 1 and 2 (accounts-devices-billing §4, §7). */
export async function activateDevice(
  ctx: AppContext,
  { callerId, imei }: { callerId: number; imei: string },
): Promise<Device> {
  const device = await findDeviceRowByImei(ctx.db, imei);
  if (!device) throw notFound('Device not found.');
  await requireDeviceAccess(ctx, { callerId, deviceId: device.id, mode: 'write' });
  return toDeviceEntity(await ensureModemActivated(ctx, device));
}

/** Checks a puck serial before attaching: 404 unknown, 409 already on a unit (device-management §5). */
export async function validatePeripheralSerial(ctx: AppContext, serial: string) {
  const puck = await requireFreePeripheral(ctx, serial);
  return {
    Id: puck.serial,
    SerialNumber: formatPuckSerial(puck.serial),
    LogicLevel: readLogicLevel(puck.logic_level),
    SPuckStyle: puck.spuck_style,
  };
}
