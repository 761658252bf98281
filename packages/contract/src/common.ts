import { z } from 'zod';

/** Largest id a PostgreSQL `integer` column holds; a bigger one can name no record. */
const MAX_ID = 2_147_483_647;

/** A numeric id in a path, query string or body; out-of-range ids are a 400, not a database error. */
export const IdParam = z.coerce
  .number('Enter a numeric id.')
  .int('Enter a numeric id.')
  .positive('Enter a numeric id.')
  .max(MAX_ID, 'Enter a numeric id.');

export const Email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.'));

/** Passwords: long enough to matter, short enough for the hash to stay cheap. */
export const NewPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters long.')
  .max(200, 'Password must be at most 200 characters long.');

export const TempPref = z.enum(['F', 'C']);

export const TenantId = z.coerce
  .number()
  .int()
  .min(1, 'TenantId must be 1 to 6.')
  .max(6, 'TenantId must be 1 to 6.');

/** Answer of calls that only confirm. */
export const Ok = z.object({ ok: z.literal(true) });
