import type { Cents } from '../shared/money';

/*
 * The shapes of the cart, its promotion and its shipping (store-and-public-site §3), kept apart
 * from the rules so that cart.ts, promotions.ts and shipping.ts can each use the others' shapes
 * without importing each other in a circle. Each rule file re-exports the shapes it names.
 */

/** A line of the cart (store-and-public-site §3 "Cart item"). */
export type CartItem = { itemId: number; quantity: number; weight: number; unitPrice: Cents };

/**
 * The cart (store-and-public-site §3 "Cart"). `shippingType` null means no delivery method is
 * chosen yet; `shippingCost` is the quoted cost for the chosen method before any promo.
 * `taxRate` is a fraction (0.08 for 8%).
 */
export type Cart = {
  items: CartItem[];
  taxRate: number;
  zipCode: string | null;
  promo: Promotion | null;
  shippingType: ShippingType | null;
  shippingCost: Cents;
};

/** A discount decoded from the spec's signed number: an amount off, or a percentage off. */
export type PromotionValue =
  { kind: 'amount'; amount: Cents } | { kind: 'percent'; percent: number };

/**
 * A promotion (store-and-public-site §3). `discount` and `shippingDiscount` are decoded with
 * `readPromotionValue`; `expirationDate` is as stored, `yyyy-MM-dd` first.
 */
export type Promotion = {
  id: number;
  code: string;
  discount: PromotionValue | null;
  shippingDiscount: PromotionValue | null;
  freeShipping: boolean;
  /** A referral price (store-and-public-site §9): the standard device sells at it with the code. */
  devicePrice: Cents | null;
  expirationDate: string | null;
};

/** How an order is delivered; `none` when nothing needs delivery (store-and-public-site §3 "Order payload"). */
export type ShippingType = 'regularShipping' | 'overnightShipping' | 'none';

/** A delivery method the customer can choose. */
export type DeliveryMethod = Exclude<ShippingType, 'none'>;
