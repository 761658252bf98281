import { assessInstantUpdate } from '@monitor/domain/instant-update';
import type { AppContext } from '../context';
import { AppError, forbidden, notFound } from '../errors';
import type { DeviceCommand } from '../db/schema';
import {
  findLatestPower,
  findLatestReportTime,
  hasSubAccountUserDevice,
  insertDeviceCommand,
  startPetMonitor,
} from '../db/repositories/device-commands.repository';
import { findDeviceRowByImei } from '../db/repositories/device-lookup.repository';
import {
  findUserDeviceRow,
  type UserDeviceWithDeviceRow,
} from '../db/repositories/user-devices.repository';
import { requireDeviceAccess } from './device-access.service';

/** What the relay call answers on success (device-management §4). */
export const RELAY_TRIGGERED = 'Relay has been triggered for this device.';

/**
 * The user device a command names: its owner, or a user holding a sub-account row pointing at
 * it. Unknown is 404, anyone else's 403.
 */
async function requireCommandableUserDevice(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<UserDeviceWithDeviceRow> {
  const row = await findUserDeviceRow(ctx.db, userDeviceId);
  if (!row) throw notFound('Device not found.');
  if (row.user_id === callerId) return row;
  if (await hasSubAccountUserDevice(ctx.db, row.id, callerId)) return row;
  throw forbidden();
}

/**
 * Refuses an instant update (RPT) or a pet monitor request (DOG) the spec does not allow: a basic
 * model without power, a muted or inactive device, a pet monitor still in its window
 * (device-management §4, §8). 409: the device's state, not the request, is in the way.
 */
async function checkInstantUpdate(ctx: AppContext, row: UserDeviceWithDeviceRow): Promise<void> {
  const verdict = assessInstantUpdate(
    {
      deviceType: row.device_type,
      power: await findLatestPower(ctx.db, row.device_id),
      isMuted: row.mute,
      isActive: row.is_active,
      isPetMonitor: row.pet_monitor,
      lastRequestedTime: row.last_requested_time === null ? null : Number(row.last_requested_time),
    },
    ctx.now(),
  );
  if (!verdict.isAllowed) throw new AppError(409, verdict.message);
}

/**
 * Queues a command for the unit behind a user device (device-management §4, §7); the unit
 * collects it on its next call (docs/device-protocol.md). DOG also starts pet monitor mode.
 */
export async function sendDeviceCommand(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    command,
  }: { callerId: number; userDeviceId: number; command: DeviceCommand },
): Promise<{ message: string } | { ok: true }> {
  const row = await requireCommandableUserDevice(ctx, { callerId, userDeviceId });
  if (command === 'RPT' || command === 'DOG') await checkInstantUpdate(ctx, row);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await insertDeviceCommand(trx, {
      device_id: row.device_id,
      command,
      requested_by_user_id: callerId,
      created_at: now,
    });
    if (command === 'DOG') {
      await startPetMonitor(
        trx,
        row.parent_user_device_id ?? row.id,
        Math.floor(now.getTime() / 1000),
      );
    }
  });
  return command === 'RLY' ? { message: RELAY_TRIGGERED } : { ok: true };
}

/** The newest report time of a unit the caller may see, by IMEI (device-management §7 lastUpdatedTime). */
export async function getLastUpdatedTime(
  ctx: AppContext,
  { callerId, imei }: { callerId: number; imei: string },
): Promise<{ ReportTimestamp: string | null }> {
  const device = await findDeviceRowByImei(ctx.db, imei);
  if (!device) throw notFound('Device not found.');
  await requireDeviceAccess(ctx, { callerId, deviceId: device.id, mode: 'read' });
  const latest = await findLatestReportTime(ctx.db, device.id);
  return { ReportTimestamp: latest?.toISOString() ?? null };
}
