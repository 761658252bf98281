import { z } from 'zod';
import { Email, IdParam, TenantId } from './common';

/*
 * Plans, subscriptions, cards and billed users (accounts-devices-billing §3, §4, §5, §7; decision
 * 033). Every body is a strict object: a field the call does not name is a 400, so no card number,
 * CVV or expiry can be sent to the product's own API — cards travel only as processor nonces.
 */

const PlanType = z.enum(['Monthly', 'Annual', 'Seasonal']);
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');
/** Money as the spec shows it: dollars with 2 decimals, as text so the decimals survive ("8.25"). */
const Amount = z.string();
const text = (label: string, max = 100) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} is too long.`);
const Nonce = z.string().trim().min(1, 'PaymentNonce is required.').max(4096);
const DeviceData = z.string().max(8192).nullish();

/** Billing plan option (accounts-devices-billing §3), as GET options/{tenantId} answers it. */
export const BillingPlanOption = z.object({
  Id: z.number().int(),
  PlanType,
  /** The monthly rate. */
  BillingAmount: Amount,
  /** Months billed at once. */
  BillingFrequency: z.number().int(),
  Selectable: z.boolean(),
  /** What one billing period costs before tax: amount times frequency (§9). */
  SubTotal: Amount,
  /** Promoted free months: negative a discount, positive a shift of the billing dates (§4). */
  FreeMonths: z.number().int(),
});
export type BillingPlanOption = z.infer<typeof BillingPlanOption>;

export const SubscriptionOptionsParams = z.object({ tenantId: TenantId });
/** `serial` names the device the plans are for (its plan tenant, §4); `pro=true` the pro options. */
export const SubscriptionOptionsQuery = z.object({
  serial: z.string().trim().min(1).max(20).optional(),
  pro: z.enum(['true', 'false']).optional(),
});
export const SubscriptionOptionList = z.array(BillingPlanOption);

/** GET /api/users/getProSubscriptionOptions: the facts that pick a device's plan tenant (§4, §7). */
export const ProSubscriptionOptionsQuery = z.object({
  userId: IdParam,
  serial: z.string().trim().min(1).max(20),
});
export const ProSubscriptionOptions = z.array(
  z.object({
    IsPro: z.boolean(),
    DeviceType: z.number().int(),
    TenantId: z.number().int(),
    Code: z.string().nullable(),
    /** The tenant whose plans the device is offered (derivePlanTenant). */
    PlanTenantId: z.number().int(),
  }),
);

const BillingPlan = z.strictObject({
  Id: IdParam,
  PlanType,
  /** A seasonal plan's chosen start (§5 picker); other plans start by the rules of §4. */
  StartDate: IsoDay.nullish(),
});

const AddressFields = {
  FirstName: text('First name').optional(),
  LastName: text('Last name').optional(),
  Address1: text('Address').optional(),
  Address2: z.string().trim().max(100).nullish(),
  City: text('City').optional(),
  State: text('State', 3).optional(),
  Zip: z.string().trim().max(10).optional(),
};

/** Subscription request (accounts-devices-billing §3): POST /api/subscriptions and saveSubscription/. */
export const SubscriptionRequest = z.strictObject({
  billingPlan: BillingPlan,
  ...AddressFields,
  /** The card, as the processor's single-use nonce; not sent for billed (invoice) devices. */
  PaymentNonce: Nonce.nullish(),
  DeviceData,
  /** Ignored: the customer is the caller's own vault customer. */
  CustomerId: z.string().max(100).nullish(),
  UserId: IdParam,
  UserDeviceId: IdParam,
  BillingAddressId: IdParam.nullish(),
  TenantId: TenantId.nullish(),
});
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>;

/** Answer of a subscription save (§3 "Response: Id, CustomerId, PaymentMethodToken"). */
export const SubscriptionSaved = z.object({
  Id: z.number().int(),
  CustomerId: z.string().nullable(),
  PaymentMethodToken: z.string().nullable(),
});

/** A vaulted card as it may be shown: type, last 4 and expiry, never the number (§3). */
export const PaymentCardView = z.object({
  Type: z.string().nullable(),
  Last4: z.string().nullable(),
  ExpirationMonth: z.number().int().nullable(),
  ExpirationYear: z.number().int().nullable(),
});

/** Subscription, management view (§3), with the status the screen shows (§4). */
export const SubscriptionView = z.object({
  Id: z.number().int(),
  UserId: z.number().int(),
  UserDeviceId: z.number().int().nullable(),
  Active: z.boolean(),
  Pending: z.boolean(),
  /** Active, Suspended, OutOfService, a pending one's own text, SuspendedProfile or CancelledProfile. */
  Status: z.string(),
  ExpirationDate: z.string().nullable(),
  NextBillingDate: z.string().nullable(),
  PaymentStartDate: z.string(),
  EndDate: z.string().nullable(),
  SubscriptionType: PlanType,
  BillingAmount: Amount,
  BillingFrequency: z.number().int(),
  /** Invoice subscriptions (billed customers) have no card. */
  PaymentCard: PaymentCardView.nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

export const SubscriptionIdQuery = z.object({ subscriptionId: IdParam });
export const SubscriptionIdParams = z.object({ Id: IdParam });

/** PUT /api/subscriptions/{Id} and updateSubscription/: a new plan, optionally a new card. */
export const SubscriptionChange = z.strictObject({
  billingPlan: BillingPlan,
  ...AddressFields,
  PaymentNonce: Nonce.nullish(),
  DeviceData,
  CustomerId: z.string().max(100).nullish(),
  UserId: IdParam.optional(),
  UserDeviceId: IdParam.optional(),
  BillingAddressId: IdParam.nullish(),
  TenantId: TenantId.nullish(),
});
export type SubscriptionChange = z.infer<typeof SubscriptionChange>;

/** Answer of a plan change: the subscription, and the seasonal credit taken off its next charge. */
export const SubscriptionChanged = SubscriptionView.extend({ Credit: Amount });

/** Body of a plan change preview: the plan as the change would send it; no card, nothing is charged. */
export const PlanChangePreviewRequest = z.strictObject({ billingPlan: BillingPlan });

/**
 * What a plan change would do, worked out by the change's own rules (decision 065): the plans'
 * monthly amounts and frequencies, the new start and first billing date, the credit for the old
 * plan's unused days, and the first period's amount before tax once the credit is taken off.
 */
export const PlanChangePreview = z.object({
  CurrentPlanType: PlanType,
  CurrentBillingAmount: Amount,
  CurrentBillingFrequency: z.number().int(),
  PlanType,
  BillingAmount: Amount,
  BillingFrequency: z.number().int(),
  StartDate: z.string(),
  /** The new plan's first billing date; charged at once when it is today (IsChargedNow). */
  FirstBillingDate: z.string(),
  IsChargedNow: z.boolean(),
  Credit: Amount,
  FirstChargeSubtotal: Amount,
});

/** Body of suspend and reactivate; reactivating a card subscription may bring a new card (§4). */
export const SubscriptionReactivation = z.strictObject({
  PaymentNonce: Nonce.nullish(),
  DeviceData,
});
export const SubscriptionSuspension = z.strictObject({});

export const PaymentNonceQuery = z.object({
  subscriptionToken: z.string().trim().min(1, 'subscriptionToken is required.').max(100),
});
export const PaymentNonceAnswer = z.object({ PaymentNonce: z.string() });

/** Card info (§3): the user's card, last 4 only, and the subscriptions it pays. */
export const CardInfo = z.object({
  SubscriptionIds: z.array(z.number().int()),
  CreditCardType: z.string().nullable(),
  CreditCardNumber: z.string().nullable(),
  /** MM/YYYY. */
  ExpDate: z.string().nullable(),
  ExpMonth: z.number().int().nullable(),
  ExpYear: z.number().int().nullable(),
  /** True when every card subscription of the user is paid by this one card. */
  CardMatch: z.boolean(),
});
export const CardInfoParams = z.object({ userId: IdParam });

/** PUT updatecreditcard/: the new card for all of the user's card subscriptions. */
export const CardUpdate = z.strictObject({
  UserId: IdParam,
  PaymentNonce: Nonce,
  DeviceData,
  ...AddressFields,
});

/** POST validatecard/: verify a card with its issuer without keeping it (decision 033). */
export const CardValidation = z.strictObject({
  UserId: IdParam,
  PaymentNonce: Nonce,
  DeviceData,
  ...AddressFields,
});
export const CardValidated = z.object({
  Valid: z.literal(true),
  CreditCardType: z.string(),
  CreditCardNumber: z.string(),
  ExpMonth: z.number().int(),
  ExpYear: z.number().int(),
});

export const UserIdQuery = z.object({ userId: IdParam });
export const BillingUserCheck = z.number().int();
export const ApContactQuery = z.object({ userId: IdParam, emailAddress: Email.optional() });
export const ApContactCheck = z.boolean();
export const CustomerIdAnswer = z.object({ CustomerId: z.string().nullable() });
export const CustomerIdChange = z.strictObject({
  UserId: IdParam,
  CustomerId: z.string().trim().min(1, 'CustomerId is required.').max(100),
});
export const InvoicedSubscriptionCheck = z.object({ NextBillingDate: z.string().nullable() });

/**
 * One invoice of a billed (invoice) subscription, as GET /api/subscriptions/{Id}/invoices answers
 * it (accounts-devices-billing §6 "Billed user"; decision 040): the period it bills, when it was
 * issued and is due (net 30), and the money with 2 decimals. The product records no payment of an
 * invoice (billed customers pay outside it), so no paid status is claimed.
 */
export const SubscriptionInvoice = z.object({
  InvoiceNumber: z.string(),
  PeriodStart: IsoDay,
  PeriodEnd: IsoDay,
  IssuedOn: IsoDay,
  DueDate: IsoDay,
  SubTotal: Amount,
  Tax: Amount,
  AmountDue: Amount,
});
export type SubscriptionInvoice = z.infer<typeof SubscriptionInvoice>;
export const SubscriptionInvoiceList = z.array(SubscriptionInvoice);
