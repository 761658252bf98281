import type { CartItem } from '@monitor/domain/store/cart';

/*
 * The part of the cart's hook the landing pages use, as agreed with the store helper (issue #15
 * brief: `features/cart` exports `useCart()`). The web-store branch owns this file and its full
 * hook replaces this one at the merge; until then this branch's landings compile against it.
 */
export type UseCart = {
  /** Adds an item by the store's rules; false (with the §8 alert) when refused. */
  add: (item: CartItem) => boolean;
  /** Keeps a code for later (a landing page's claim before any delivery method is chosen). */
  rememberPromoCode: (code: string) => void;
};

export function useCart(): UseCart {
  throw new Error('The cart is provided by features/cart (web-store branch).');
}
