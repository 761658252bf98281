import { z } from 'zod';
import { IdParam, TempPref } from './common';
import { AlarmType, TypedMessageType } from './notifications';
import { SubscriptionRequest, SubscriptionSaved, SubscriptionView } from './subscriptions';
import { DeviceSerial, UserDevice } from './user-devices';

/*
 * Device registration as one call (accounts-devices-billing §4 "Device registration flow", §7
 * "User devices", decision 037), multi-unit registration, the convert-to-card-provider flow and
 * commercial orders. Every body is strict: an unknown field is a 400 naming it, so a card number
 * or CVV sent by mistake is refused before anything reads it (only nonces reach the API).
 */

const text = (label: string, max = 100) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} is too long.`);

/** The Idempotency-Key header of a registration: the client makes one per submit it means once. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string('The Idempotency-Key header is required.')
    .trim()
    .min(8, 'The Idempotency-Key header must be 8 to 200 characters.')
    .max(200, 'The Idempotency-Key header must be 8 to 200 characters.'),
});

/** billingPlan of the subscription request (accounts-devices-billing §3). */
export const BillingPlanChoice = SubscriptionRequest.shape.billingPlan;

/**
 * The subscription request of a new device (accounts-devices-billing §3), as the subscriptions
 * calls take it: the card as a single-use nonce, never its number. UserId and UserDeviceId are the
 * registration's own; CustomerId and TenantId are the server's to know.
 */
export const RegistrationSubscription = SubscriptionRequest.omit({
  UserId: true,
  UserDeviceId: true,
  CustomerId: true,
  TenantId: true,
});
export type RegistrationSubscription = z.infer<typeof RegistrationSubscription>;

/** A notification rule of the new device (accounts-devices-billing §3 "Notification"). */
export const RegistrationNotification = z.strictObject({
  AlarmType,
  MessageType: TypedMessageType,
  MessageAddress: z.string().trim().min(1, 'Enter an address.').max(200),
  /** Defaults to the alarm type's message (§9). */
  Message: z.string().trim().max(500).nullish(),
});

const rangeEnd = z.number('Enter a number for the range.');

/** What one device's registration sets: its information, ranges and notifications (wizard steps 1–3). */
const deviceSettings = {
  SerialNumber: DeviceSerial,
  Name: z.string().trim().min(1, 'Name is required.').max(100),
  Location: z.string().trim().max(100).nullish(),
  /** GMT offset in hours; Eastern (-5) by default (§9). */
  TimeZone: z.number().int().min(-12).max(14).default(-5),
  /** Temperature range in the unit of TempPref (F -999..999, C -573..537, §5); 40–85 °F by default. */
  TempMin: rangeEnd.optional(),
  TempMax: rangeEnd.optional(),
  /** Humidity range, %; 10–70 by default; NIST types 8, 9, 10 have none (§4). */
  HumidityMin: rangeEnd.optional(),
  HumidityMax: rangeEnd.optional(),
  TempEnabled: z.boolean().default(true),
  HumidityEnabled: z.boolean().default(true),
  /** None given: EMAIL to the user for TEMP, HUMIDITY, POWER and NOCALL (§4). */
  Notifications: z.array(RegistrationNotification).max(50).optional(),
};

/** Legal terms must be agreed before saving (accounts-devices-billing §5). */
const TermsAccepted = z.literal(true, 'Please agree to the legal terms before saving.');

/**
 * Body of POST /api/users/{userId}/devices/registration: the add-device wizard's four steps in
 * one call. Subscription is required for card-payment types and, without a nonce, for billed types
 * 6, 7, 8 (their plan); test types 2, 3, 5, 10, 12, 14, 18 take none (§4 "Device types and billing").
 */
export const DeviceRegistrationRequest = z.strictObject({
  ...deviceSettings,
  TermsAccepted,
  TempPref: TempPref.default('F'),
  Subscription: RegistrationSubscription.nullish(),
});
export type DeviceRegistrationRequest = z.infer<typeof DeviceRegistrationRequest>;

/** Answer of a completed registration: the device as saved and its subscription (null for a test device). */
export const DeviceRegistrationResult = z.object({
  UserDevice,
  /** The subscription made (§3 "Response: Id, CustomerId, PaymentMethodToken"). */
  Subscription: SubscriptionSaved.nullable(),
});
export type DeviceRegistrationResult = z.infer<typeof DeviceRegistrationResult>;

/**
 * MultiUnit item (accounts-devices-billing §3): one more device of the same type and tenant as
 * the first. DeviceType and TenantId, when sent, must be the unit's own; UserId must be the caller.
 * Subscriptions picks this unit's plan; the payment is the call's one.
 */
export const MultiUnitItem = z.strictObject({
  ...deviceSettings,
  UserId: IdParam.optional(),
  DeviceType: z.number().int().optional(),
  TenantId: z.number().int().optional(),
  Subscriptions: z.strictObject({ billingPlan: BillingPlanChoice }).nullish(),
});

/** Body of POST /api/users/{userId}/devices/multiunit: several units, one payment (§4, §7). */
export const MultiUnitRegistrationRequest = z.strictObject({
  TermsAccepted,
  TempPref: TempPref.default('F'),
  Units: z.array(MultiUnitItem).min(1, 'Add at least one device.').max(25),
  /** The one payment (and default plan) for every card-payment unit. */
  Subscription: RegistrationSubscription.nullish(),
});
export type MultiUnitRegistrationRequest = z.infer<typeof MultiUnitRegistrationRequest>;

/** Answer of the multi-unit save: every unit registered, in the order sent. */
export const MultiUnitRegistrationResult = z.object({
  Registrations: z.array(DeviceRegistrationResult),
});

/** Body of POST /api/paymentprocessing/cancelOldSubscription/: [old subscription id, user id] (§7). */
export const CancelOldSubscriptionRequest = z.tuple([IdParam, IdParam]);

/** Body of POST /api/paymentprocessing/sendEmailForSwitch/: [old, new subscription id, user id, serial] (§7). */
export const SendEmailForSwitchRequest = z.tuple([IdParam, IdParam, IdParam, DeviceSerial]);

/** Answer of sendEmailForSwitch: the e-mail is queued in the outbox. */
export const SwitchEmailQueued = z.object({ ok: z.literal(true), DeliveryId: z.number().int() });

/**
 * Body of POST /api/paymentprocessing/convertToCardProvider/: the whole convert-to-card-provider
 * flow (§4) for the caller's old payment-profile subscription: the new plan, the card nonce and
 * the billing address, which is verified first.
 */
export const ConvertSubscriptionRequest = z.strictObject({
  OldSubscriptionId: IdParam,
  UserId: IdParam,
  billingPlan: BillingPlanChoice,
  PaymentNonce: z.string().trim().min(1).max(4000),
  DeviceData: z.string().max(4000).nullish(),
  FirstName: text('First name'),
  LastName: text('Last name'),
  Address1: text('Address'),
  Address2: z.string().trim().max(100).nullish(),
  City: text('City'),
  State: text('State', 3),
  Zip: z.string().trim().min(1, 'Zip is required.').max(10, 'Zip is too long.'),
  PhoneNumber: z.string().trim().max(30).nullish(),
});
export type ConvertSubscriptionRequest = z.infer<typeof ConvertSubscriptionRequest>;

/** Answer of the convert flow: both subscriptions as the management view shows them. */
export const ConvertSubscriptionResult = z.object({
  OldSubscription: SubscriptionView,
  NewSubscription: SubscriptionView,
  /** False when the switch e-mail could not be queued: that failure is silent (§4). */
  SwitchEmailSent: z.boolean(),
});

/** One element of PUT /api/sales/updateCommercialOrder/: [serial, registration date, user id] (§7). */
export const CommercialOrderUpdate = z.tuple([
  DeviceSerial,
  z.iso.date('Enter the registration date as YYYY-MM-DD.'),
  IdParam,
]);

/** Body of PUT /api/sales/updateCommercialOrder/: one triple, or several. */
export const CommercialOrderUpdateRequest = z.union([
  CommercialOrderUpdate,
  z.array(CommercialOrderUpdate).min(1).max(100),
]);

export const CommercialOrder = z.object({
  SerialNumber: z.string(),
  RegistrationDate: z.string(),
  UserId: z.number().int(),
});
export const CommercialOrderList = z.array(CommercialOrder);

export const RegistrationUserParams = z.object({ userId: IdParam });
