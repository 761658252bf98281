import { z } from 'zod';
import { IdParam } from './common';

/** Instant updates left on a user device (device-management §4, §7). */
export const InstantUpdates = z.object({
  UserDeviceId: z.number().int(),
  InstantUpdates: z.number().int(),
});

/** Query of GET /api/users/getInstantUpdates: the user Id and the unit's serial. */
export const GetInstantUpdatesQuery = z.object({
  id: IdParam,
  serialNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{6}$/, 'Enter the 6-character serial number.'),
});

/** Query of GET /api/users/decrementInstantUpdate: the user Id and the user device Id. */
export const DecrementInstantUpdateQuery = z.object({ id: IdParam, userdeviceId: IdParam });

/** Body of PUT /api/users/resetLastRequestedTime: serials of the caller's units. */
export const ResetLastRequestedTimeBody = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{6}$/, 'Enter 6-character serial numbers.'),
  )
  .max(500);
