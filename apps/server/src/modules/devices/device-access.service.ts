import type { UnitRef } from '@monitor/contract/common';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import {
  findUserDeviceRow,
  findUserDeviceRowForDevice,
  type UserDeviceWithDeviceRow,
} from './user-devices.repository';
import { findPeripheralRowBySerial } from '../pucks/peripherals.repository';
import { findDeviceRowByImei } from './device-lookup.repository';
import { findVisiblePucks, type SeenPuckRow } from './visible-history.repository';

/**
 * Who may reach a user device and what hangs off it. The owner's row holds the alarm points,
 * notifications and pucks' settings; a sub-account's row points at it (parent_user_device_id) and
 * may read through it but not change it (device-management §6: a sub-account's rights beyond
 * viewing are not shown, so it gets none).
 */
export type UserDeviceAccess = {
  /** The caller's own row (owner's or sub-account's). */
  row: UserDeviceWithDeviceRow;
  /** The owner's row id: where alarm points and notifications live. */
  ownerRowId: number;
  isOwner: boolean;
};

export type AccessMode = 'read' | 'write';

const DEVICE_NOT_FOUND = 'Device not found.';

function toAccess(row: UserDeviceWithDeviceRow, mode: AccessMode): UserDeviceAccess {
  const isOwner = row.parent_user_device_id === null;
  if (mode === 'write' && !isOwner) throw forbidden();
  return { row, ownerRowId: row.parent_user_device_id ?? row.id, isOwner };
}

/** The caller's user device by its Id: 404 when there is none, 403 when it is another user's. */
export async function requireUserDevice(
  ctx: AppContext,
  { callerId, userDeviceId, mode }: { callerId: number; userDeviceId: number; mode: AccessMode },
): Promise<UserDeviceAccess> {
  const row = await findUserDeviceRow(ctx.db, userDeviceId);
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  if (row.user_id !== callerId) throw forbidden();
  return toAccess(row, mode);
}

/** The caller's access to a unit (devices.id): 403 unless they own it or were given it. */
export async function requireDeviceAccess(
  ctx: AppContext,
  { callerId, deviceId, mode }: { callerId: number; deviceId: number; mode: AccessMode },
): Promise<UserDeviceAccess> {
  const row = await findUserDeviceRowForDevice(ctx.db, callerId, deviceId);
  if (!row) throw forbidden();
  return toAccess(row, mode);
}

/**
 * The caller's access to what an owner's row holds (an alarm point or notification): the owner,
 * or for reading a sub-account given that device; anyone else gets 403.
 */
export async function requireOwnerRowAccess(
  ctx: AppContext,
  { callerId, ownerRowId, mode }: { callerId: number; ownerRowId: number; mode: AccessMode },
): Promise<UserDeviceAccess> {
  const ownerRow = await findUserDeviceRow(ctx.db, ownerRowId);
  if (!ownerRow) throw notFound(DEVICE_NOT_FOUND);
  const access = await requireDeviceAccess(ctx, {
    callerId,
    deviceId: ownerRow.device_id,
    mode,
  });
  if (access.ownerRowId !== ownerRowId) throw forbidden();
  return access;
}

/**
 * The caller's user device named by a path's unit reference (device-management §3, §7): the user
 * device Id, or the unit's IMEI (UserDevice.DeviceId) for the caller's own row on that unit.
 */
export async function requireUserDeviceByRef(
  ctx: AppContext,
  { callerId, ref, mode }: { callerId: number; ref: UnitRef; mode: AccessMode },
): Promise<UserDeviceAccess> {
  if ('id' in ref) return requireUserDevice(ctx, { callerId, userDeviceId: ref.id, mode });
  const device = await findDeviceRowByImei(ctx.db, ref.imei);
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  return requireDeviceAccess(ctx, { callerId, deviceId: device.id, mode });
}

/**
 * A puck attached to a unit the caller may reach, as the caller sees it (decision 017): 404 when
 * unknown or not attached, 403 when another user's.
 */
export async function requirePeripheral(
  ctx: AppContext,
  { callerId, serial, mode }: { callerId: number; serial: string; mode: AccessMode },
): Promise<{ puck: SeenPuckRow & { device_id: number }; access: UserDeviceAccess }> {
  const found = await findPeripheralRowBySerial(ctx.db, serial);
  if (!found || found.device_id === null) throw notFound('SPuck not found');
  const access = await requireDeviceAccess(ctx, { callerId, deviceId: found.device_id, mode });
  const [puck] = await findVisiblePucks(ctx.db, [access.row.id], { serial });
  if (!puck) throw notFound('SPuck not found');
  return { puck: { ...puck, device_id: access.row.device_id }, access };
}
