import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type OldDeviceAttemptRow = {
  id: number;
  device_id: number;
  user_id: number;
  firmware_version: string | null;
  attempted_at: Date;
};

export function insertOldDeviceAttempt(
  db: Kysely<DB>,
  values: { deviceId: number; userId: number; firmwareVersion: string | null; now: Date },
): Promise<OldDeviceAttemptRow> {
  return db
    .insertInto('old_device_registration_attempts')
    .values({
      device_id: values.deviceId,
      user_id: values.userId,
      firmware_version: values.firmwareVersion,
      attempted_at: values.now,
    })
    .returning(['id', 'device_id', 'user_id', 'firmware_version', 'attempted_at'])
    .executeTakeFirstOrThrow();
}

export type OldDeviceAttemptListRow = OldDeviceAttemptRow & {
  serial_number: string;
  email_address: string;
};

/** The latest attempts first, with the unit's serial and the user's e-mail, for staff. */
export function findOldDeviceAttempts(
  db: Kysely<DB>,
  { limit }: { limit: number },
): Promise<OldDeviceAttemptListRow[]> {
  return db
    .selectFrom('old_device_registration_attempts as a')
    .innerJoin('devices', 'devices.id', 'a.device_id')
    .innerJoin('users', 'users.id', 'a.user_id')
    .select([
      'a.id',
      'a.device_id',
      'a.user_id',
      'a.firmware_version',
      'a.attempted_at',
      'devices.serial_number',
      'users.email_address',
    ])
    .orderBy('a.attempted_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
