import { z } from 'zod';
import { IdParam } from './common';
import { CheckoutPayer } from './orders';

/*
 * The device replacement offer (store-and-public-site §2 "/deviceupgrade", §3 "Replacement
 * request", "Replacement user", §4, §9; decision 045). The link's token is the permission: one
 * issued to the owner (the dashboard's VRP link, or an e-mail sent by an admin command), good for
 * one order, refused once used or expired.
 */

const token = z
  .string('token is required.')
  .trim()
  .min(16, 'The link is not valid.')
  .max(200, 'The link is not valid.');

export const ReplacementParams = z.object({ userId: IdParam });
export const ReplacementQuery = z.object({ token });

/** A device the owner may replace; Replace defaults to true (§3), ItemId by carrier and type (§9). */
export const EligibleDevice = z.object({
  DeviceId: z.number().int(),
  UserDeviceId: z.number().int(),
  SerialNumber: z.string(),
  Name: z.string(),
  DeviceNSP: z.number().int(),
  DeviceType: z.number().int(),
  ItemId: z.number().int(),
  Replace: z.boolean(),
});

/** Answer of GET /api/verizonreplacement/{userId}?token (§3 "Replacement user"). */
export const ReplacementUser = z.object({
  Id: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string(),
  /** The price per replaced device, 99 unless the item says otherwise (§9). */
  UnitPrice: z.number(),
  EligibleDevices: z.array(EligibleDevice),
});
export type ReplacementUser = z.infer<typeof ReplacementUser>;

/**
 * Body of POST /api/verizonreplacement/form/submit?token (§3 "Replacement request"), with the
 * Idempotency-Key header. The server takes the lines from the owner's eligible devices named in
 * `items` (by Serial) and prices them itself.
 */
export const ReplacementRequest = z.strictObject({
  UserId: IdParam,
  DeviceId: IdParam.nullish(),
  RequestToken: token,
  priority: z.literal(1).default(1),
  BillingUser: z.literal(0).default(0),
  ShippingType: z.literal('N').default('N'),
  items: z
    .array(
      z.strictObject({
        ItemId: IdParam,
        Quantity: z.literal(1, 'Quantity is 1 per replaced device.'),
        Serial: z.string().trim().min(1).max(40),
      }),
    )
    .min(1, 'Choose at least one device to replace.')
    .max(50),
  replacedDevices: z.array(z.string().trim().max(40)).max(50).optional(),
  payer: CheckoutPayer,
  TermsAccepted: z.literal(true, 'Please agree to the legal terms before ordering.'),
});
export type ReplacementRequest = z.infer<typeof ReplacementRequest>;

/** Answer of the submit: the order's number and id (§3). */
export const ReplacementSubmitted = z.object({
  OrderNumber: z.string(),
  OrderId: z.number().int(),
});
