import { z } from 'zod';
import { IdParam } from './common';
import { DeviceSerial } from './user-devices';

/**
 * POST /api/devices/oldDeviceRegistrationAttempt (accounts-devices-billing §5 firmware gate, §7
 * "log of an old-device registration attempt (device id, user id)"): the unit the caller tried to
 * register, whose firmware is below 4, by the serial typed (the serial check answers no unit id to
 * anyone but its owner), and the caller's own id.
 */
export const OldDeviceRegistrationAttemptRequest = z.strictObject({
  SerialNumber: DeviceSerial,
  UserId: IdParam,
});

/** The logged attempt. */
export const OldDeviceRegistrationAttempt = z.object({
  Id: z.number().int(),
  SerialNumber: z.string(),
  UserId: z.number().int(),
  FirmwareVersion: z.string().nullable(),
  AttemptedAt: z.string(),
});
export type OldDeviceRegistrationAttempt = z.infer<typeof OldDeviceRegistrationAttempt>;
