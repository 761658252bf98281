import type { UnitRef } from '@monitor/contract/common';
import { assessInstantUpdate } from '@monitor/domain/devices/instant-update';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import type { DeviceCommand } from '../../platform/database/schema';
import {
  findLatestPower,
  insertDeviceCommand,
  startPetMonitor,
} from './device-commands.repository';
import type { UserDeviceWithDeviceRow } from './user-devices.repository';
import { requireUserDeviceByRef } from './device-access.service';
import { latestVisibleReportTime } from '../history/report-log.service';
import { payingUserDeviceId, reserveInstantUpdate } from '../entitlements/entitlements.service';

/** What the relay call answers on success (device-management §4). */
export const RELAY_TRIGGERED = 'Relay has been triggered for this device.';

/**
 * A sub-account may ask its unit for a report (RPT, an instant update from the owner's count) and
 * nothing that changes the unit: the relay, an update or pet monitor mode are the owner's
 * (device-management §6; docs/device-calls.md, decision 017).
 */
const SUB_ACCOUNT_COMMANDS: ReadonlySet<DeviceCommand> = new Set(['RPT']);

/**
 * Refuses an instant update (RPT) or a pet monitor request (DOG) the spec does not allow: a basic
 * model without power, a muted or inactive device, a pet monitor still in its window
 * (device-management §4, §8). 409: the device's state, not the request, is in the way.
 */
async function checkInstantUpdate(ctx: AppContext, row: UserDeviceWithDeviceRow): Promise<void> {
  const verdict = assessInstantUpdate(
    {
      deviceType: row.device_type,
      power: await findLatestPower(ctx.db, {
        deviceId: row.device_id,
        lastReportAt: row.last_report_at,
      }),
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
 * collects it on its next call (docs/device-protocol.md). An RPT or DOG holds one of the owner's
 * instant updates back, which the unit's answer spends (modules/entitlements); DOG also starts
 * the pet monitor window of a unit with the upgrade.
 */
export async function sendDeviceCommand(
  ctx: AppContext,
  { callerId, unit, command }: { callerId: number; unit: UnitRef; command: DeviceCommand },
): Promise<{ message: string } | { ok: true }> {
  const mode = SUB_ACCOUNT_COMMANDS.has(command) ? 'read' : 'write';
  const { row } = await requireUserDeviceByRef(ctx, { callerId, ref: unit, mode });
  const isInstantUpdate = command === 'RPT' || command === 'DOG';
  if (isInstantUpdate) await checkInstantUpdate(ctx, row);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const paidBy = isInstantUpdate
      ? await reserveInstantUpdate(trx, { userDevice: row, command, now })
      : null;
    await insertDeviceCommand(trx, {
      device_id: row.device_id,
      command,
      requested_by_user_id: callerId,
      paid_by_user_device_id: paidBy,
      created_at: now,
    });
    if (command === 'DOG')
      await startPetMonitor(trx, payingUserDeviceId(row), Math.floor(now.getTime() / 1000));
  });
  return command === 'RLY' ? { message: RELAY_TRIGGERED } : { ok: true };
}

/** The newest report time the caller sees of a unit, by IMEI (device-management §7 lastUpdatedTime). */
export async function getLastUpdatedTime(
  ctx: AppContext,
  { callerId, imei }: { callerId: number; imei: string },
): Promise<{ ReportTimestamp: string | null }> {
  const access = await requireUserDeviceByRef(ctx, { callerId, ref: { imei }, mode: 'read' });
  return latestVisibleReportTime(ctx, access.row.id);
}
