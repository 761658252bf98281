import type { Cart, CartItem } from './cart';
import { cents, type Cents } from '../shared/money';
import type { PromotionValue } from './promotions';

/** The checkout summary (store-and-public-site §3 "Cart"), all in cents. `shipping` is after any shipping promo. */
export type CartTotals = {
  subTotal: Cents;
  shipping: Cents;
  /** How much a shipping promo took off the quoted shipping, for display. */
  shippingDiscount: Cents;
  tax: Cents;
  discount: Cents;
  grandTotal: Cents;
};

/** A zip needs at least 5 characters before tax is calculated (store-and-public-site §4 "Tax"). */
export const TAX_ZIP_MIN_LENGTH = 5;

/** Whether a zip is long enough for tax: at least 5 characters (store-and-public-site §4 "Tax"). */
export function isZipLongEnoughForTax(zipCode: string | null | undefined): boolean {
  return (zipCode?.trim().length ?? 0) >= TAX_ZIP_MIN_LENGTH;
}

/**
 * Records the zip and tax rate found for it; a zip shorter than 5 characters clears both
 * (store-and-public-site §4 "Tax"). `taxRate` is a fraction (0.08 for 8%).
 */
export function setCartTax(cart: Cart, zipCode: string | null, taxRate: number): Cart {
  if (!isZipLongEnoughForTax(zipCode)) return { ...cart, zipCode: null, taxRate: 0 };
  return { ...cart, zipCode: zipCode?.trim() ?? null, taxRate: Math.max(0, taxRate) };
}

/** Sum of unit price times quantity over the lines (store-and-public-site §3 "Cart"). */
export function computeSubTotal(items: readonly CartItem[]): Cents {
  return cents(items.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0));
}

/** How much a value takes off a base: an amount capped at the base, or a percentage of it. */
function discountOf(value: PromotionValue | null, base: Cents): Cents {
  if (!value || base <= 0) return cents(0);
  const off = value.kind === 'amount' ? value.amount : (base * Math.min(value.percent, 100)) / 100;
  return cents(Math.min(Math.max(off, 0), base));
}

/**
 * The cart's totals (store-and-public-site §9): grand total = subtotal + shipping + tax −
 * discount. A percent discount (−100 to −1) takes that share of the subtotal; a fixed discount is
 * capped at the subtotal; free shipping or a shipping discount never takes shipping below zero;
 * tax is charged only with a zip of at least 5 characters, on the subtotal after the discount
 * (shipping is not taxed: the tax call sends shipping 0).
 */
export function computeCartTotals(
  cart: Pick<Cart, 'items' | 'promo' | 'shippingType' | 'shippingCost' | 'taxRate' | 'zipCode'>,
): CartTotals {
  const subTotal = computeSubTotal(cart.items);
  const discount = discountOf(cart.promo?.discount ?? null, subTotal);
  const quoted = cents(
    cart.shippingType === null || cart.shippingType === 'none' ? 0 : Math.max(0, cart.shippingCost),
  );
  const shippingDiscount = cart.promo?.freeShipping
    ? quoted
    : discountOf(cart.promo?.shippingDiscount ?? null, quoted);
  const shipping = cents(quoted - shippingDiscount);
  const taxRate = Number.isFinite(cart.taxRate) ? Math.max(0, cart.taxRate) : 0;
  const tax = isZipLongEnoughForTax(cart.zipCode)
    ? cents((subTotal - discount) * taxRate)
    : cents(0);
  return {
    subTotal,
    shipping,
    shippingDiscount,
    tax,
    discount,
    grandTotal: cents(subTotal + shipping + tax - discount),
  };
}
