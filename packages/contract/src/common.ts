import { z } from 'zod';
import type { DeviceType as DomainDeviceType } from '@monitor/domain/devices/device-types';
import { TEMP_PREFS } from '@monitor/domain/shared/temperature';

/** Largest id a PostgreSQL `integer` column holds; a bigger one can name no record. */
const MAX_ID = 2_147_483_647;

/** A numeric id in a path, query string or body; out-of-range ids are a 400, not a database error. */
export const IdParam = z.coerce
  .number('Enter a numeric id.')
  .int('Enter a numeric id.')
  .positive('Enter a numeric id.')
  .max(MAX_ID, 'Enter a numeric id.');

const UNIT_REF_MESSAGE = 'Enter a device id or IMEI.';

/**
 * A unit named in a path (device-management §3, §7 "id"): a numeric id, or the unit's 15-digit
 * IMEI (UserDevice.DeviceId). Every `/api/devices/{id}/…` path takes it; docs/device-calls.md says
 * which id the number is on each call.
 */
export const UnitRef = z
  .string()
  .trim()
  .regex(/^\d{1,15}$/, UNIT_REF_MESSAGE)
  .transform((value, context): { imei: string } | { id: number } => {
    if (value.length === 15) return { imei: value };
    const id = Number(value);
    if (id >= 1 && id <= MAX_ID) return { id };
    context.addIssue({ code: 'custom', message: UNIT_REF_MESSAGE });
    return z.NEVER;
  });
export type UnitRef = z.output<typeof UnitRef>;

export const Email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.'));

/** Passwords: long enough to matter, short enough for the hash to stay cheap. */
export const NewPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters long.')
  .max(200, 'Password must be at most 200 characters long.');

export const TempPref = z.enum(TEMP_PREFS);

/** A unit's model number (UserDevice.DeviceType, Device.DeviceType); its families are in the domain's device-types. */
export const DeviceType = z.number().int() satisfies z.ZodType<DomainDeviceType>;

export const TenantId = z.coerce
  .number()
  .int()
  .min(1, 'TenantId must be 1 to 6.')
  .max(6, 'TenantId must be 1 to 6.');

/** Answer of calls that only confirm. */
export const Ok = z.object({ ok: z.literal(true) });
