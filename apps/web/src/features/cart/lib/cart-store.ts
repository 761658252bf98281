import { useSyncExternalStore } from 'react';
import {
  EMPTY_STORED_CART,
  readStoredCart,
  writeStoredCart,
  type StoredCart,
} from './cart-storage';

/** The cart as the page holds it: what is stored, and whether a postage rate is on its way. */
export type CartState = StoredCart & { isRating: boolean };

/*
 * One cart for the whole page: the store, the cart page and the landing pages all change the same
 * one, and every change is written to storage so it survives a reload (store-and-public-site §2).
 */
let current: CartState | null = null;
const listeners = new Set<() => void>();

/** No cart: what the server renders a page with, and what a page it rendered starts from. */
const NO_CART: CartState = { ...EMPTY_STORED_CART, isRating: false };

export function getCartState(): CartState {
  if (current === null) {
    const stored = readStoredCart();
    // The very object the server's render had, when nothing is stored: a hydrated page then has
    // nothing to draw again (decision 071).
    current = stored === EMPTY_STORED_CART ? NO_CART : { ...stored, isRating: false };
  }
  return current;
}

export function setCartState(update: (previous: CartState) => CartState): CartState {
  const previous = getCartState();
  const next = update(previous);
  if (next === previous) return next;
  current = next;
  writeStoredCart(next);
  for (const listener of listeners) listener();
  return next;
}

/** Forgets the loaded cart so the next read comes from storage (a test's fresh page). */
export function reloadCartState(): void {
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getServerCart = () => NO_CART;

export function useCartState(): CartState {
  return useSyncExternalStore(subscribe, getCartState, getServerCart);
}
