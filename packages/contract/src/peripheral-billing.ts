import { z } from 'zod';
import { IdParam } from './common';

/**
 * The SPuck billing calls (store-and-public-site §7 "Payment", decision 036). Amounts are
 * dollars with 2 decimals, as the web app shows them; the server keeps cents.
 */

/** Query of GET /api/paymentprocessing/getPeripheralSubscriptionDetails/. */
export const PeripheralSubscriptionQuery = z.object({
  userDeviceId: IdParam,
  /** The unit (devices.id); optional, checked against the user device when given. */
  deviceId: IdParam.optional(),
});

/** A unit's subscription as its pucks bill it. */
export const PeripheralSubscriptionDetails = z.object({
  UserDeviceId: z.number().int(),
  SubscriptionId: z.number().int().nullable(),
  PlanType: z.string().nullable(),
  BillingFrequency: z.number().int().nullable(),
  NextBillingDate: z.string().nullable(),
  /** The pucks attached to the unit, paid or not. */
  PuckCount: z.number().int(),
  /** Those of them attached to a card-billed unit and not yet paid for: the upfront charge's quantity. */
  PucksAwaitingPayment: z.number().int(),
  /** What each puck adds to the monthly amount. */
  PuckMonthlyAmount: z.number(),
  /** What one puck costs up front (submitPeripheralUpfrontCharge). */
  PuckUpfrontAmount: z.number(),
  /** The plan's own monthly amount, without pucks. */
  PlanMonthlyAmount: z.number().nullable(),
  /** The subscription's monthly amount now: the plan's plus each paid puck's. */
  RecurringMonthlyAmount: z.number().nullable(),
});
export type PeripheralSubscriptionDetails = z.infer<typeof PeripheralSubscriptionDetails>;

/** Body of POST /api/paymentprocessing/submitPeripheralUpfrontCharge/ (header Idempotency-Key). */
export const PeripheralUpfrontChargeInput = z.strictObject({
  UserDeviceId: IdParam,
  /** How many pucks are paid for: the unit's pucks awaiting payment, no other number. */
  Quantity: z.coerce
    .number('Enter how many pucks.')
    .int('Enter how many pucks.')
    .min(1, 'Enter how many pucks.')
    .max(20, 'At most 20 pucks at once.'),
  /** A card nonce from the card fields; without it the subscription's vaulted card is charged. */
  PaymentNonce: z.string().trim().min(1).max(200).optional(),
  /** The Idempotency-Key header's value, for a client that cannot set headers; the header wins. */
  IdempotencyKey: z.string().trim().max(100).optional(),
});

/** A submit's idempotency key: 8 to 100 characters, the client's own (a UUID). */
export const IdempotencyKey = z
  .string('The Idempotency-Key header is required.')
  .trim()
  .min(8, 'The Idempotency-Key header must be 8 to 100 characters.')
  .max(100, 'The Idempotency-Key header must be 8 to 100 characters.');

export const PeripheralUpfrontCharge = z.object({
  ChargeId: z.number().int(),
  Amount: z.number(),
  Status: z.enum(['succeeded', 'pending']),
  TransactionId: z.string().nullable(),
});

/** Body of PUT updatePeripheralRecurringPayment/ and both recalculateRecurringPayment/ calls. */
export const RecurringPaymentInput = z.strictObject({
  UserDeviceId: IdParam,
  IMEI: z.string().trim().max(20).optional(),
  DeviceType: z.coerce.number().int().optional(),
  CustomerId: z.string().trim().max(100).nullish(),
});
export type RecurringPaymentInput = z.infer<typeof RecurringPaymentInput>;

export const RecurringPayment = z.object({
  SubscriptionId: z.number().int(),
  PuckCount: z.number().int(),
  PlanMonthlyAmount: z.number(),
  RecurringMonthlyAmount: z.number(),
  /** What the next period will charge before tax: monthly amount times frequency. */
  PeriodAmount: z.number(),
});
