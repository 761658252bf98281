import { z } from 'zod';
import { IdParam } from './common';

/**
 * POST /api/devices/oldDeviceRegistrationAttempt (accounts-devices-billing §5 firmware gate, §7
 * "log of an old-device registration attempt (device id, user id)"): the unit the caller tried to
 * register, whose firmware is below 4, and the caller's own id.
 */
export const OldDeviceRegistrationAttemptRequest = z.strictObject({
  DeviceId: IdParam,
  UserId: IdParam,
});

/** The logged attempt. */
export const OldDeviceRegistrationAttempt = z.object({
  Id: z.number().int(),
  DeviceId: z.number().int(),
  UserId: z.number().int(),
  FirmwareVersion: z.string().nullable(),
  AttemptedAt: z.string(),
});
export type OldDeviceRegistrationAttempt = z.infer<typeof OldDeviceRegistrationAttempt>;
