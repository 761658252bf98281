import type { Cart, CartItem } from '@monitor/domain/store/cart';
import { createCart } from '@monitor/domain/store/cart';
import type { Promotion } from '@monitor/domain/store/promotions';

/**
 * What is kept across reloads: the cart, the estimated delivery date of its postage answer, and a
 * promo code brought from a landing page before a delivery method could be chosen (§4: a promo
 * needs a shipping type first), offered again in the promo entry.
 */
export type StoredCart = { cart: Cart; deliveryDate: string | null; promoCode: string | null };

const STORAGE_KEY = 'monitor.cart';
/** Raised whenever the stored shape changes: an older value is then ignored, not misread. */
export const CART_STORAGE_VERSION = 1;

export const EMPTY_STORED_CART: StoredCart = {
  cart: createCart(),
  deliveryDate: null,
  promoCode: null,
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the cart lives for this page only
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function isCartItem(value: unknown): value is CartItem {
  return (
    isRecord(value) &&
    Number.isInteger(value.itemId) &&
    Number.isInteger(value.quantity) &&
    isNumber(value.weight) &&
    Number.isInteger(value.unitPrice)
  );
}

function isPromotion(value: unknown): value is Promotion {
  return (
    isRecord(value) &&
    Number.isInteger(value.id) &&
    typeof value.code === 'string' &&
    typeof value.freeShipping === 'boolean'
  );
}

const SHIPPING_TYPES = [null, 'regularShipping', 'overnightShipping', 'none'];

function isCart(value: unknown): value is Cart {
  return (
    isRecord(value) &&
    Array.isArray(value.items) &&
    value.items.every(isCartItem) &&
    isNumber(value.taxRate) &&
    (value.zipCode === null || typeof value.zipCode === 'string') &&
    (value.promo === null || isPromotion(value.promo)) &&
    SHIPPING_TYPES.includes(value.shippingType as string | null) &&
    Number.isInteger(value.shippingCost)
  );
}

/** The stored cart; a missing, older, damaged or hand-edited value gives an empty cart. */
export function readStoredCart(): StoredCart {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return EMPTY_STORED_CART;
    const stored = JSON.parse(raw) as unknown;
    if (!isRecord(stored) || stored.version !== CART_STORAGE_VERSION || !isCart(stored.cart)) {
      return EMPTY_STORED_CART;
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      cart: stored.cart,
      deliveryDate: text(stored.deliveryDate),
      promoCode: text(stored.promoCode),
    };
  } catch {
    return EMPTY_STORED_CART; // not JSON
  }
}

export function writeStoredCart({ cart, deliveryDate, promoCode }: StoredCart): void {
  try {
    storage()?.setItem(
      STORAGE_KEY,
      JSON.stringify({ version: CART_STORAGE_VERSION, cart, deliveryDate, promoCode }),
    );
  } catch {
    // quota or blocked storage: the cart still works for this page
  }
}

export const CART_STORAGE_KEY = STORAGE_KEY;
