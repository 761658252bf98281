import type { AppContext } from '../../context';
import { AppError, notFound } from '../../platform/errors';
import {
  clearLastRequestedTimeOfMuted,
  decrementInstantUpdates,
  findOwnUserDevice,
  findUserDeviceBySerial,
} from './instant-updates.repository';

type InstantUpdates = { UserDeviceId: number; InstantUpdates: number };

const toEntity = (row: { id: number; instant_updates: number }): InstantUpdates => ({
  UserDeviceId: row.id,
  InstantUpdates: row.instant_updates,
});

/**
 * Instant updates left on the caller's user device of a serial (device-management §4, §7); a
 * sub-account sees and spends the owner's count (decision 017).
 */
export async function getInstantUpdates(
  ctx: AppContext,
  { userId, serialNumber }: { userId: number; serialNumber: string },
): Promise<InstantUpdates> {
  const row = await findUserDeviceBySerial(ctx.db, userId, serialNumber);
  if (!row) throw notFound('Device not found.');
  return toEntity(row);
}

/**
 * Spends one instant update after a successful one (device-management §4: the count drops only
 * once the last report time changed). 409 when none is left: the user may buy more.
 */
export async function decrementInstantUpdate(
  ctx: AppContext,
  { userId, userDeviceId }: { userId: number; userDeviceId: number },
): Promise<InstantUpdates> {
  const own = await findOwnUserDevice(ctx.db, userId, userDeviceId);
  if (!own) throw notFound('Device not found.');
  const row = await decrementInstantUpdates(ctx.db, own.count_row_id);
  if (!row) throw new AppError(409, 'No instant updates are left on this device.');
  return toEntity({ id: own.id, instant_updates: row.instant_updates });
}

/** Resets LastRequestedTime on the caller's Device OFF units among the serials (device-management §4, §7). */
export async function resetLastRequestedTime(
  ctx: AppContext,
  { userId, serialNumbers }: { userId: number; serialNumbers: readonly string[] },
): Promise<{ ok: true }> {
  await clearLastRequestedTimeOfMuted(ctx.db, userId, serialNumbers);
  return { ok: true };
}
