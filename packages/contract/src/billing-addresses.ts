import { z } from 'zod';
import { IdParam } from './common';

const text = (label: string, max = 100) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} is too long.`);

/** BillingAddress (accounts-devices-billing §3); PhoneNumber is stored as 11 digits with a leading 1. */
export const BillingAddress = z.object({
  Id: z.number().int(),
  UserId: z.number().int(),
  Default: z.boolean(),
  FirstName: z.string(),
  LastName: z.string(),
  Address1: z.string(),
  Address2: z.string().nullable(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  PhoneNumber: z.string().nullable(),
});
export type BillingAddress = z.infer<typeof BillingAddress>;

/** Body of POST /api/billingaddresses and PUT /api/billingaddresses/{Id}. */
export const BillingAddressInput = z.object({
  UserId: IdParam,
  Default: z.boolean().default(true),
  FirstName: text('First name'),
  LastName: text('Last name'),
  Address1: text('Address'),
  Address2: z.string().trim().max(100).nullish(),
  City: text('City'),
  State: text('State', 3),
  Zip: z.string().trim().min(1, 'Zip is required.').max(10, 'Zip is too long.'),
  /** 10 or 11 digits in any format; stored only if it has at least 10 digits (accounts-devices-billing §5). */
  PhoneNumber: z.string().trim().max(30).nullish(),
});
export type BillingAddressInput = z.infer<typeof BillingAddressInput>;

/** Query of GET /api/billingaddresses: the default lookup by user_id and default=true. */
export const BillingAddressQuery = z.object({
  user_id: IdParam,
  default: z.enum(['true', 'false']).optional(),
});

/** Answer of GET /api/billingaddresses. */
export const BillingAddressList = z.array(BillingAddress);

/** Path of GET and PUT /api/billingaddresses/{id}. */
export const BillingAddressReadParams = z.object({ id: IdParam });
