import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import {
  clearLastRequestedTimeOfMuted,
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
 * The spec's decrement call, kept for old clients (device-management §4, §7): it answers the count
 * left and spends nothing. The server spends an instant update itself when the unit answers the
 * RPT or DOG that held it back (modules/entitlements), so a client's decrement after a successful
 * update can never spend a second one for the same command (issue #22).
 */
export async function decrementInstantUpdate(
  ctx: AppContext,
  { userId, userDeviceId }: { userId: number; userDeviceId: number },
): Promise<InstantUpdates> {
  const own = await findOwnUserDevice(ctx.db, userId, userDeviceId);
  if (!own) throw notFound('Device not found.');
  return toEntity(own);
}

/** Resets LastRequestedTime on the caller's Device OFF units among the serials (device-management §4, §7). */
export async function resetLastRequestedTime(
  ctx: AppContext,
  { userId, serialNumbers }: { userId: number; serialNumbers: readonly string[] },
): Promise<{ ok: true }> {
  await clearLastRequestedTimeOfMuted(ctx.db, userId, serialNumbers);
  return { ok: true };
}
