import type { Cart, CartItem, DeliveryMethod, ShippingType } from './cart-model';
import { STORE_CART_MESSAGES } from '../shared/store-messages';
import { cents } from '../shared/money';
import { parsePostalCode } from '../shared/postal-codes';
import { isDeviceCreditItem } from './store-items';

export type { DeliveryMethod, ShippingType } from './cart-model';

/**
 * A cart whose first item is instant updates (13) needs no delivery (store-and-public-site §4
 * "Shipping type"); nor does the pet monitor upgrade (27), credited to a device like them.
 */
export function isDeliveryNeeded(items: readonly CartItem[]): boolean {
  const first = items[0];
  return !(first && isDeviceCreditItem(first.itemId));
}

export type ShippingChoice = {
  cart: Cart;
  /** An alert to show, already chosen from the catalogue; fill {phone} with `fillBrand`. */
  alert: string | null;
  /** Whether a postage rate must be fetched for the chosen method. */
  needsRate: boolean;
};

/**
 * A valid US or Canadian postal code auto-selects regular shipping and asks for a rate; an
 * overnight choice already made is kept and re-rated, since overnight already needed a zip
 * (store-and-public-site §4 "Shipping type"). Anything else only records the zip.
 */
export function enterZipCode(cart: Cart, zipCode: string): ShippingChoice {
  const postal = parsePostalCode(zipCode);
  const zip = postal?.code ?? zipCode.trim();
  if (!isDeliveryNeeded(cart.items)) {
    return { cart: { ...cart, zipCode: zip, shippingType: 'none' }, alert: null, needsRate: false };
  }
  if (!postal) return { cart: { ...cart, zipCode: zip }, alert: null, needsRate: false };
  const shippingType =
    cart.shippingType === 'overnightShipping' ? 'overnightShipping' : 'regularShipping';
  return {
    cart: { ...cart, zipCode: zip, shippingType, shippingCost: cents(0) },
    alert: null,
    needsRate: true,
  };
}

/**
 * The customer picks a delivery method (store-and-public-site §4, §5): nothing to choose when no
 * delivery is needed; overnight needs a zip; overnight with a free-shipping promo falls back to
 * regular with an alert.
 */
export function chooseDeliveryMethod(cart: Cart, method: DeliveryMethod): ShippingChoice {
  if (!isDeliveryNeeded(cart.items)) {
    return {
      cart: { ...cart, shippingType: 'none', shippingCost: cents(0) },
      alert: null,
      needsRate: false,
    };
  }
  if (method === 'overnightShipping' && !cart.zipCode?.trim()) {
    return { cart, alert: STORE_CART_MESSAGES.inputZipCode, needsRate: false };
  }
  if (method === 'overnightShipping' && cart.promo?.freeShipping) {
    return {
      cart: { ...cart, shippingType: 'regularShipping', shippingCost: cents(0) },
      alert: STORE_CART_MESSAGES.freeShippingNotOvernight,
      needsRate: true,
    };
  }
  return {
    cart: { ...cart, shippingType: method, shippingCost: cents(0) },
    alert: null,
    needsRate: true,
  };
}

/** A failed postage lookup resets the shipping type (store-and-public-site §4). */
export function resetShippingAfterRateFailure(cart: Cart): Cart {
  return {
    ...cart,
    shippingType: isDeliveryNeeded(cart.items) ? null : 'none',
    shippingCost: cents(0),
  };
}

/** A promo can be applied only once a shipping type is chosen (store-and-public-site §4). */
export function checkPromoNeedsShipping(cart: Cart): string | null {
  return cart.shippingType === null ? STORE_CART_MESSAGES.selectDeliveryMethodFirst : null;
}

/**
 * Checkout waits for a delivery method unless none is needed; overnight needs a zip
 * (store-and-public-site §4, §5). Answers the alert, or null when checkout may go on.
 */
export function checkDeliveryForCheckout(cart: Cart): string | null {
  if (!isDeliveryNeeded(cart.items)) return null;
  if (cart.shippingType === null || cart.shippingType === 'none') {
    return STORE_CART_MESSAGES.selectDeliveryMethod;
  }
  if (cart.shippingType === 'overnightShipping' && !cart.zipCode?.trim()) {
    return STORE_CART_MESSAGES.inputZipCode;
  }
  return null;
}

/** The shipping type an order carries: `none` when nothing needs delivery (store-and-public-site §3). */
export function orderShippingType(cart: Cart): ShippingType | null {
  return isDeliveryNeeded(cart.items) ? cart.shippingType : 'none';
}
