import type { UnitRef } from '@monitor/contract/common';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { deleteAlarmPointsOfPeripheral, moveAlarmPoints } from '../alarms/alarm-points.repository';
import { findDeviceRowByImei } from '../devices/device-lookup.repository';
import {
  deleteNotificationsOfPeripheral,
  moveNotifications,
} from '../alarms/notifications.repository';
import { updatePeripheral } from './peripherals.repository';
import {
  requireDeviceAccess,
  requirePeripheral,
  requireUserDeviceByRef,
} from '../devices/device-access.service';
import { getPeripheral, requireFreePeripheral } from './peripherals.service';
import { billPucksOf } from '../entitlements/pucks.service';

/** A puck on no unit: free to attach again, owing nothing. */
const DETACHED = {
  device_id: null,
  name: null,
  location: null,
  attached_at: null,
  awaiting_payment: false,
} as const;

/**
 * Replaces a puck by another serial on the same unit, keeping name, location, alarm points and
 * notifications (device-management §4 "Puck transfer", §7).
 */
export async function transferPeripheral(
  ctx: AppContext,
  {
    callerId,
    oldSerial,
    newSerial,
    imei,
  }: { callerId: number; oldSerial: string; newSerial: string; imei: string },
): Promise<Peripheral> {
  const device = await findDeviceRowByImei(ctx.db, imei);
  if (!device) throw notFound('Device not found.');
  await requireDeviceAccess(ctx, { callerId, deviceId: device.id, mode: 'write' });
  const { puck: old } = await requirePeripheral(ctx, {
    callerId,
    serial: oldSerial,
    mode: 'write',
  });
  if (old.device_id !== device.id) throw notFound('SPuck not found');
  const replacement = await requireFreePeripheral(ctx, newSerial);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePeripheral(trx, old.id, DETACHED);
    // The replacement takes the old puck's place, paid for as it was.
    await updatePeripheral(trx, replacement.id, {
      device_id: device.id,
      name: old.name,
      location: old.location,
      spuck_alias: old.spuck_alias,
      attached_at: ctx.now(),
      awaiting_payment: old.awaiting_payment,
    });
    await moveAlarmPoints(trx, old.id, replacement.id);
    await moveNotifications(trx, old.id, replacement.id);
  });
  return getPeripheral(ctx, { callerId, serial: newSerial });
}

/**
 * Detaches a puck from the unit, with its alarm points and notifications (device-management §7),
 * and takes its part off the monthly amount; the unit is named by the caller's user device Id or
 * its IMEI.
 */
export async function detachPeripheral(
  ctx: AppContext,
  { callerId, unit, serial }: { callerId: number; unit: UnitRef; serial: string },
): Promise<void> {
  const named = await requireUserDeviceByRef(ctx, { callerId, ref: unit, mode: 'write' });
  const { puck, access } = await requirePeripheral(ctx, { callerId, serial, mode: 'write' });
  if (access.row.id !== named.row.id) throw notFound('SPuck not found');
  await ctx.db.transaction().execute(async (trx) => {
    await deleteAlarmPointsOfPeripheral(trx, puck.id);
    await deleteNotificationsOfPeripheral(trx, puck.id);
    await updatePeripheral(trx, puck.id, DETACHED);
    await billPucksOf(trx, { ownerRowId: access.ownerRowId, deviceId: puck.device_id }, ctx.now());
  });
}
