import { z } from 'zod';
import { DeviceCommandName } from './device-protocol';
import { UnitRef } from './common';

/**
 * Commands to a unit (device-management §4, §7): POST /api/devices/{id}/sendtext/{message} and
 * /sendtcp/{message}, where id is the user device Id or the unit's IMEI.
 */
export const SendCommandParams = z.object({
  id: UnitRef,
  message: z.string().pipe(z.enum(DeviceCommandName.options, 'Send RPT, RLY, UPD or DOG.')),
});

/** RLY answers the relay message; the other commands answer Ok. */
export const SendCommandAnswer = z.union([
  z.object({ message: z.string() }),
  z.object({ ok: z.literal(true) }),
]);

/** Query of GET /api/reportlog/lastUpdatedTime: the unit's IMEI. */
export const LastUpdatedTimeQuery = z.object({
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'Enter a 15-digit IMEI.'),
});
