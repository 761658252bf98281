import { parseIsoDate, type IsoDate } from '../shared/calendar-date';
import type { Cart, CartItem, Promotion, PromotionValue, ShippingType } from './cart-model';
import { REFERRAL_PRICED_ITEM_IDS } from './store-items';
import { STORE_CART_MESSAGES, STORE_PROMOTION_MESSAGES } from '../shared/store-messages';
import { dollarsToCents, type Cents } from '../shared/money';

export type { Promotion, PromotionValue } from './cart-model';

/**
 * Decodes the spec's Discount or ShippingDiscount: a positive number is an amount in dollars; a
 * number from -100 to -1 is that percentage off (store-and-public-site §3, §9). Zero, a number
 * between -1 and 0 and anything below -100 give no discount.
 */
export function readPromotionValue(raw: number | null | undefined): PromotionValue | null {
  if (raw === null || raw === undefined || !Number.isFinite(raw)) return null;
  if (raw > 0) return { kind: 'amount', amount: dollarsToCents(raw) };
  if (raw >= -100 && raw <= -1) return { kind: 'percent', percent: -raw };
  return null;
}

/** Promotion codes are compared upper-cased (store-and-public-site §5). */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a promotion's ExpirationDate has passed on `today`: null never expires; a zero date
 * (0000-00-00) or any date that is not a real day counts as expired; otherwise the promotion is
 * good through the whole of its expiration day (store-and-public-site §5).
 */
export function isPromotionExpired(expirationDate: string | null, today: IsoDate): boolean {
  if (expirationDate === null) return false;
  const day = parseIsoDate(expirationDate);
  return day === null || day < today;
}

/** A promotion as the API sends it (contract `Promotion`): dollars and the spec's signed numbers. */
export type PromotionRecord = {
  Id: number;
  PromoCode: string;
  Discount: number | null;
  ShippingDiscount: number | null;
  FreeShipping: boolean;
  DevicePrice: number | null;
  ExpirationDate: string | null;
};

/** Reads the API's promotion into the cart's (store-and-public-site §3 "Promotion"). */
export function readPromotion(record: PromotionRecord): Promotion {
  return {
    id: record.Id,
    code: normalizePromoCode(record.PromoCode),
    discount: readPromotionValue(record.Discount),
    shippingDiscount: readPromotionValue(record.ShippingDiscount),
    freeShipping: record.FreeShipping,
    devicePrice: record.DevicePrice === null ? null : dollarsToCents(record.DevicePrice),
    expirationDate: record.ExpirationDate,
  };
}

/**
 * The cart's lines priced with a referral promotion: the standard device (items 1 and 16) at the
 * code's device price (store-and-public-site §9); other lines, or no referral price, unchanged.
 * The server prices orders with this too, from its own item prices.
 */
export function applyReferralPrice<T extends CartItem>(
  items: readonly T[],
  promo: Promotion | null,
): T[] {
  const price = promo?.devicePrice ?? null;
  if (price === null) return [...items];
  return items.map((line) =>
    REFERRAL_PRICED_ITEM_IDS.includes(line.itemId) ? { ...line, unitPrice: price } : line,
  );
}

export type PromotionCheck = { isValid: true } | { isValid: false; message: string };

/**
 * Whether a promotion may be applied (store-and-public-site §5): it must give a discount, a
 * shipping discount or free shipping, and must not be expired; free shipping cannot be used with
 * overnight shipping. Anything else is 'Invalid promotion'.
 */
export function validatePromotion(
  promo: Promotion | null,
  { today, shippingType }: { today: IsoDate; shippingType: ShippingType | null },
): PromotionCheck {
  const invalid = { isValid: false, message: STORE_PROMOTION_MESSAGES.invalidPromotion } as const;
  if (!promo) return invalid;
  if (
    !promo.discount &&
    !promo.shippingDiscount &&
    !promo.freeShipping &&
    promo.devicePrice === null
  )
    return invalid;
  if (isPromotionExpired(promo.expirationDate, today)) return invalid;
  if (promo.freeShipping && shippingType === 'overnightShipping') {
    return { isValid: false, message: STORE_CART_MESSAGES.freeShippingPromoRefusedOvernight };
  }
  return { isValid: true };
}

/**
 * Applies a promotion to the cart: a shipping type must be chosen first; an invalid or refused
 * promotion clears the stored one (store-and-public-site §4 "Promo"). Answers the alert to show.
 */
export function applyPromotion(
  cart: Cart,
  promo: Promotion | null,
  today: IsoDate,
): { cart: Cart; alert: string | null } {
  if (cart.shippingType === null) {
    return { cart, alert: STORE_CART_MESSAGES.selectDeliveryMethodFirst };
  }
  const check = validatePromotion(promo, { today, shippingType: cart.shippingType });
  if (!check.isValid) return { cart: { ...cart, promo: null }, alert: check.message };
  return { cart: { ...cart, promo }, alert: null };
}

/** What a promotion landing page shows (store-and-public-site §4 "Landing promotion"). */
export type LandingPromotionState = 'valid' | 'expired' | 'invalid' | 'error';

/**
 * Classifies the referral-promotion lookup for a landing page: no promotion is invalid; an
 * ExpiryDate (yyyy-MM-dd) earlier than today, or one that is not a real day (0000-00-00), is
 * expired; no ExpiryDate never expires (store-and-public-site §5).
 */
export function classifyLandingPromotion(
  lookup: { promotionId: number | null; expiryDate: string | null } | null,
  today: IsoDate,
): Exclude<LandingPromotionState, 'error'> {
  if (!lookup || lookup.promotionId === null) return 'invalid';
  if (lookup.expiryDate === null) return 'valid';
  const expiry = parseIsoDate(lookup.expiryDate);
  return expiry === null || expiry < today ? 'expired' : 'valid';
}

/** The alert before going home for each landing state other than valid (store-and-public-site §8 "Promotions"). */
export const LANDING_PROMOTION_ALERTS: Readonly<
  Record<Exclude<LandingPromotionState, 'valid'>, string>
> = {
  expired: STORE_PROMOTION_MESSAGES.promotionExpired,
  invalid: STORE_PROMOTION_MESSAGES.promotionCodeInvalid,
  error: STORE_PROMOTION_MESSAGES.promotionRequestFailed,
};

/** Promotion prices of the device by referral code (store-and-public-site §9). */
export const PROMOTION_PRICES: Readonly<Record<string, Cents>> = {
  CLVG: dollarsToCents(199),
  FAMH: dollarsToCents(199),
  SUN: dollarsToCents(174),
  NDN2: dollarsToCents(195),
  SOTA: dollarsToCents(195),
  SBEX: dollarsToCents(195),
  FL1704: dollarsToCents(174.95),
  CSA: dollarsToCents(179),
  RV: dollarsToCents(179),
  RV20: dollarsToCents(179),
};

/** Price for any other referral code (store-and-public-site §9). */
export const DEFAULT_PROMOTION_PRICE: Cents = dollarsToCents(169);

/** The promotion price for a referral code, upper-cased first; null when there is no code (store-and-public-site §9). */
export function promotionPriceFor(code: string | null | undefined): Cents | null {
  const normalized = normalizePromoCode(code ?? '');
  if (!normalized) return null;
  return PROMOTION_PRICES[normalized] ?? DEFAULT_PROMOTION_PRICE;
}
