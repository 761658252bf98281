import { z } from 'zod';

/*
 * The store's catalogue, promotions and postage (store-and-public-site §3, §7 "Items, promotions,
 * cart and sales"; decision 042). Sent without a token. Money goes out in dollars, as the spec's
 * web app reads it (UnitPrice 229.00); the server keeps cents.
 */

/** A store item (store-and-public-site §3 "Store item"); Weight in ounces before the §9 multipliers. */
export const StoreItem = z.object({
  ItemId: z.number().int(),
  StoreName: z.string(),
  Description: z.string(),
  UnitPrice: z.number(),
  Weight: z.number(),
  Active: z.boolean(),
  Accessory: z.boolean(),
  MarcellProItem: z.boolean(),
});
export type StoreItem = z.infer<typeof StoreItem>;

/** Answer of GET /api/items/ (active items), getactive (the same) and getall (every item, replacement items too). */
export const StoreItems = z.array(StoreItem);

/**
 * A promotion (store-and-public-site §3 "Promotion"). Discount and ShippingDiscount keep the
 * spec's sign rule: positive is an amount in dollars, -100 to -1 a percentage off. DevicePrice,
 * when set, is a referral price (§9): the standard device (items 1 and 16) sells at it.
 * ExpirationDate is yyyy-MM-dd or null (never expires).
 */
export const Promotion = z.object({
  Id: z.number().int(),
  PromoCode: z.string(),
  Discount: z.number().nullable(),
  ShippingDiscount: z.number().nullable(),
  FreeShipping: z.boolean(),
  DevicePrice: z.number().nullable(),
  ExpirationDate: z.string().nullable(),
});
export type Promotion = z.infer<typeof Promotion>;

/** Answer of GET /api/promotions/: the promotions in force today (not expired). */
export const Promotions = z.array(Promotion);

const promoCode = z
  .string('PromoCode is required.')
  .trim()
  .min(1, 'PromoCode is required.')
  .max(40, 'PromoCode is too long.')
  .transform((code) => code.toUpperCase());

/**
 * Body of POST /api/promotions/validate: the code (upper-cased, §5). The answer is the promotion
 * (200) when it exists and has not expired; 404 'Invalid Promo Code, cannot proceed!' otherwise.
 * Whether it fits the cart (free shipping with overnight) is the cart's rule (domain promotions).
 */
export const ValidatePromotionRequest = z.strictObject({ PromoCode: promoCode });

/** Query of GET /api/promotions/getReferralPromo. */
export const ReferralPromoQuery = z.object({ promoCode });

/**
 * Answer of getReferralPromo (store-and-public-site §7): PromotionId null when no such code;
 * ExpiryDate yyyy-MM-dd or null. DevicePrice is the landing page's price for the code (§9).
 */
export const ReferralPromo = z.object({
  PromotionId: z.number().int().nullable(),
  PromoCode: z.string(),
  ExpiryDate: z.string().nullable(),
  DevicePrice: z.number().nullable(),
});
export type ReferralPromo = z.infer<typeof ReferralPromo>;

/**
 * Query of GET /api/sales/calculatePostageRateEstore (store-and-public-site §7): the shipping
 * weight in ounces (after the §9 multipliers), the destination and origin ZIPs (origin 14624) and
 * the service, 1 overnight or 2 regular.
 */
export const PostageRateQuery = z.object({
  weight: z.coerce
    .number('weight must be a number of ounces.')
    .positive('weight must be a number of ounces.')
    .max(10_000, 'weight is too large.'),
  toZipCode: z.string('toZipCode is required.').trim().min(1, 'toZipCode is required.').max(10),
  fromZipCode: z.string().trim().max(10).default('14624'),
  shippingType: z.coerce
    .number('shippingType must be 1 (overnight) or 2 (regular).')
    .pipe(
      z.union([z.literal(1), z.literal(2)], 'shippingType must be 1 (overnight) or 2 (regular).'),
    ),
  orderId: z.coerce.number().int().nonnegative().optional(),
});
export type PostageRateQuery = z.infer<typeof PostageRateQuery>;

/**
 * Answer of calculatePostageRateEstore: Rate[0] is the postage in dollars (the spec's shape);
 * DeliveryDate is the §4 estimate (yyyy-MM-dd) for an order placed now.
 */
export const PostageRate = z.object({
  Rate: z.array(z.number()),
  DeliveryDate: z.string(),
});
export type PostageRate = z.infer<typeof PostageRate>;

/**
 * Answer of GET /api/sales/getShippingRateRegular/ and getShippingRateOvernight/: the multiplier
 * of the §9 rule shipping = postage + multiplier × postage.
 */
export const ShippingRateMultiplier = z.object({ Multiplier: z.number() });
export type ShippingRateMultiplier = z.infer<typeof ShippingRateMultiplier>;
