import type { z } from 'zod';
import type { LastResetInfo } from '@monitor/contract/last-reset-info';
import {
  isPetMonitorActive,
  nextPetMonitorReloadAt,
  petMonitorHoursRemaining,
  shouldResetLastRequestedTime,
} from '@monitor/domain/devices/pet-monitor';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { findDeviceRowByImei } from './device-lookup.repository';
import { requireDeviceAccess } from './device-access.service';

/**
 * The request timer of a unit the caller may see, by IMEI (device-management §4, §7
 * getLastResetInfo; the reading is in SPEC-NOTES.md). Read from the caller's own user device row:
 * a DOG request stamps the owner's and every sub-account's row, the Device OFF reset the caller's.
 */
export async function getLastResetInfo(
  ctx: AppContext,
  { callerId, imei }: { callerId: number; imei: string },
): Promise<z.infer<typeof LastResetInfo>> {
  const device = await findDeviceRowByImei(ctx.db, imei);
  if (!device) throw notFound('Device not found.');
  const { row } = await requireDeviceAccess(ctx, { callerId, deviceId: device.id, mode: 'read' });
  // A bigint column read as text; 0 has always meant "never requested" as well as null.
  const lastRequestedTime = Number(row.last_requested_time ?? 0) || null;
  const now = ctx.now();
  const isActive = isPetMonitorActive(
    { isPetMonitor: row.pet_monitor, lastRequestedTime, isMuted: row.mute },
    now,
  );
  return {
    IMEI: device.imei,
    LastRequestedTime: lastRequestedTime,
    Mute: row.mute,
    ResetDue: shouldResetLastRequestedTime({ mute: row.mute ? 1 : 0, lastRequestedTime }),
    PetMonitor: row.pet_monitor,
    PetMonitorActive: isActive,
    HoursRemaining: isActive ? petMonitorHoursRemaining(lastRequestedTime, now) : 0,
    NextCycleAt: isActive
      ? (nextPetMonitorReloadAt(lastRequestedTime, now)?.toISOString() ?? null)
      : null,
  };
}
