import type { Cart, CartItem } from '@monitor/domain/store/cart';
import { computeCartTotals, type CartTotals } from '@monitor/domain/store/cart-totals';
import { applyReferralPrice } from '@monitor/domain/store/promotions';

/** The lines as they are charged: the standard device at a referral code's price (§9). */
export function pricedItems(cart: Cart): CartItem[] {
  return applyReferralPrice(cart.items, cart.promo);
}

/** The cart's totals (§9) on the priced lines, as the server computes the order's. */
export function cartTotalsOf(cart: Cart): CartTotals {
  return computeCartTotals({ ...cart, items: pricedItems(cart) });
}
