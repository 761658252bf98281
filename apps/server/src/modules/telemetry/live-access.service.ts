import type { AppContext } from '../../context';
import { AppError, notFound } from '../../platform/errors';
import { findDeviceRowByImei } from '../devices/device-lookup.repository';
import { requireDeviceAccess } from '../devices/device-access.service';

const NOT_YOURS = 'Device not found.';

/**
 * Who may hold a live socket on a unit (decision 012): its owner, or a sub-account it was given
 * (device-access.service.ts). Anyone else gets the same 404 as for an unknown IMEI, so the
 * channel does not tell which IMEIs exist.
 */
export async function requireLiveAccess(
  ctx: AppContext,
  { callerId, imei }: { callerId: number; imei: string },
): Promise<{ deviceId: number; visibleFrom: Date }> {
  const device = await findDeviceRowByImei(ctx.db, imei);
  if (!device) throw notFound(NOT_YOURS);
  try {
    const { row } = await requireDeviceAccess(ctx, {
      callerId,
      deviceId: device.id,
      mode: 'read',
    });
    return { deviceId: device.id, visibleFrom: row.visible_from };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) throw notFound(NOT_YOURS);
    throw error;
  }
}
