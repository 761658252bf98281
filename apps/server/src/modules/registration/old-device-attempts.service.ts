import type { Kysely } from 'kysely';
import type { OldDeviceRegistrationAttempt } from '@monitor/contract/old-device-attempts';
import { isDeviceFirmwareSupported } from '@monitor/domain/devices/firmware';
import type { AppContext } from '../../context';
import type { DB } from '../../platform/database/schema';
import { badRequest, notFound } from '../../platform/errors';
import { findDeviceRowBySerial } from '../devices/device-lookup.repository';
import { findOldDeviceAttempts, insertOldDeviceAttempt } from './old-device-attempts.repository';

/** Wording ours: the spec names the log, not its refusals. */
export const OLD_DEVICE_ATTEMPT_MESSAGES = {
  deviceNotFound: 'The device was not found.',
  firmwareSupported:
    'This device’s firmware is supported: only an attempt to register an unsupported device is logged.',
} as const;

/**
 * Logs an attempt to register a unit whose firmware is below 4 (accounts-devices-billing §5 "the
 * attempt is logged", §7). Every attempt is a row, repeats included; a unit that does not exist
 * is a 404 and a supported one a 400, so the log holds only what the firmware gate refused.
 */
export async function logOldDeviceAttempt(
  ctx: AppContext,
  { serialNumber, userId }: { serialNumber: string; userId: number },
): Promise<OldDeviceRegistrationAttempt> {
  const device = await findDeviceRowBySerial(ctx.db, serialNumber);
  if (!device) throw notFound(OLD_DEVICE_ATTEMPT_MESSAGES.deviceNotFound);
  if (isDeviceFirmwareSupported(device.firmware_version)) {
    throw badRequest(OLD_DEVICE_ATTEMPT_MESSAGES.firmwareSupported);
  }
  const row = await insertOldDeviceAttempt(ctx.db, {
    deviceId: device.id,
    userId,
    firmwareVersion: device.firmware_version,
    now: ctx.now(),
  });
  return {
    Id: row.id,
    SerialNumber: device.serial_number,
    UserId: row.user_id,
    FirmwareVersion: row.firmware_version,
    AttemptedAt: row.attempted_at.toISOString(),
  };
}

/** `npm run admin -- list-old-device-attempts [--count N]`: the latest attempts, one a line. */
export async function listOldDeviceAttemptsForAdmin(
  db: Kysely<DB>,
  { limit }: { limit: number },
): Promise<string> {
  const rows = await findOldDeviceAttempts(db, { limit });
  if (rows.length === 0) return 'No old-device registration attempts.';
  return [
    `Old-device registration attempts (latest ${rows.length}):`,
    ...rows.map(
      (row) =>
        `  #${row.id} ${row.attempted_at.toISOString()} unit ${row.serial_number} (device ${row.device_id}, firmware ${row.firmware_version ?? '-'}) by user ${row.user_id} ${row.email_address}`,
    ),
  ].join('\n');
}
