import { z } from 'zod';
import { Email, IdParam, TenantId } from './common';
import { DeviceData, PaymentNonce } from './payments';

/*
 * Placing an order (store-and-public-site §3 "Order payload", "Checkout inputs", §4 "Checkout",
 * §7 POST /api/sales/; decision 044). The server prices every line, discount, shipping and tax
 * from its own tables: the client's quantity, shipping, subTotal, tax and grandTotal are
 * informational only and never charged. Bodies are strict, so a card number or CVV sent by
 * mistake (PaymentCardNumber, PaymentCardCVV2, …) is refused before anything reads it.
 */

const text = (label: string, max = 100) =>
  z
    .string(`${label} is required.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);
const optionalText = (label: string, max = 100) =>
  z.string().trim().max(max, `${label} is too long.`).nullish();

/**
 * The buyer and the addresses (store-and-public-site §3 "Checkout inputs"). A Canadian postal code
 * ships as international with the province as its state (§5); ShippingAddress1 … ShippingZip are
 * the shipping address (the web app copies billing into them for same-as-billing).
 */
export const CheckoutPayer = z.strictObject({
  FirstName: text('First name', 50),
  LastName: text('Last name', 50),
  Email,
  phone: optionalText('Phone', 30),
  InternationalPhoneNumber: optionalText('International phone number', 30),
  Address1: text('Address1'),
  Address2: optionalText('Address2'),
  City: text('City', 60),
  State: optionalText('State', 30),
  Province: optionalText('Province', 30),
  Zip: text('Zip', 10),
  ShippingAddress1: optionalText('ShippingAddress1'),
  ShippingAddress2: optionalText('ShippingAddress2'),
  ShippingCity: optionalText('ShippingCity', 60),
  ShippingState: optionalText('ShippingState', 30),
  ShippingZip: optionalText('ShippingZip', 10),
  /** The card as a single-use nonce from the card fields; never its number. */
  PaymentNonce,
  DeviceData,
  /** The buyer's processor customer id, when signed in with one; the server checks it is theirs. */
  CustomerId: optionalText('CustomerId', 64),
});
export type CheckoutPayer = z.infer<typeof CheckoutPayer>;

/** A line of the order: the item and how many (1 to 10, §5). The price is the server's. */
export const OrderLineRequest = z.strictObject({
  ItemId: IdParam,
  Quantity: z
    .number('Quantity must be a whole number from 1 to 10.')
    .int('Quantity must be a whole number from 1 to 10.')
    .min(1, 'Quantity must be a whole number from 1 to 10.')
    .max(10, 'Quantity must be a whole number from 1 to 10.'),
  /** Informational, as the cart shows them; ignored. */
  UnitPrice: z.number().optional(),
  Weight: z.number().optional(),
});

export const ShippingTypeName = z.enum(['regularShipping', 'overnightShipping', 'none']);

const informational = z.number().optional();

/**
 * Body of POST /api/sales/ (store-and-public-site §3 "Order payload"), with the Idempotency-Key
 * header (registration's `IdempotencyHeaders`): a repeated submit answers the same order and
 * charges nothing more. UserDeviceId names the device that instant updates (13) or the pet
 * monitor (27) are credited to; both need a signed-in owner of that device.
 */
export const OrderRequest = z.strictObject({
  payer: CheckoutPayer,
  items: z.array(OrderLineRequest).min(1, 'The cart is empty.').max(20, 'Too many lines.'),
  discountCode: z.string().trim().max(40).nullish(),
  ShippingType: ShippingTypeName,
  BillingUser: z.union([z.literal(0), z.literal(1)]).optional(),
  UserDeviceId: IdParam.optional(),
  /** The brand a guest buys from (the site's tenant); a signed-in buyer's is their account's. */
  TenantId: TenantId.optional(),
  /** The legal terms must be agreed before ordering (store-and-public-site §2 "Modals"). */
  TermsAccepted: z.literal(true, 'Please agree to the legal terms before ordering.'),
  quantity: informational,
  shipping: informational,
  subTotal: informational,
  grandTotal: informational,
  tax: informational,
});
export type OrderRequest = z.infer<typeof OrderRequest>;

/** A priced line of a placed order, in dollars. */
export const OrderLine = z.object({
  ItemId: z.number().int(),
  StoreName: z.string(),
  Quantity: z.number().int(),
  UnitPrice: z.number(),
  Amount: z.number(),
  /** The replaced device's serial, on a replacement order. */
  Serial: z.string().nullable(),
});

export const OrderStatus = z.enum(['paid', 'shipped', 'refunded', 'cancelled']);

/**
 * A placed order (the answer of POST /api/sales/, of the replacement submit, and a row of the
 * account's order history), amounts in dollars as the server charged them. DeliveryDate is the
 * §4 estimate (yyyy-MM-dd), null when nothing ships.
 */
export const Order = z.object({
  OrderId: z.number().int(),
  OrderNumber: z.string(),
  Status: OrderStatus,
  PlacedAt: z.string(),
  Email: z.string(),
  Lines: z.array(OrderLine),
  SubTotal: z.number(),
  Discount: z.number(),
  Shipping: z.number(),
  Tax: z.number(),
  GrandTotal: z.number(),
  ShippingType: ShippingTypeName,
  DeliveryDate: z.string().nullable(),
  TrackingNumber: z.string().nullable(),
  DiscountCode: z.string().nullable(),
  /** After an instant-update (13) or pet-monitor (27) order: the credited device and its new count. */
  Credited: z
    .object({
      UserDeviceId: z.number().int(),
      InstantUpdates: z.number().int(),
      PetMonitor: z.boolean(),
    })
    .nullable(),
});
export type Order = z.infer<typeof Order>;

/** Path of GET /api/users/{userId}/orders: the signed-in user's own orders, newest first. */
export const UserOrdersParams = z.object({ userId: IdParam });
export const Orders = z.array(Order);
