import type { Cart, CartItem } from '@monitor/domain/store/cart';
import type { CartTotals } from '@monitor/domain/store/cart-totals';

/**
 * What the checkout needs of the cart (features/cart `useCart()` gives it; the page composes the
 * two, features do not import each other).
 */
export type CheckoutCart = {
  cart: Cart;
  /** The lines as charged (referral prices applied). */
  items: CartItem[];
  totals: CartTotals;
  isRating: boolean;
  enterZip: (zip: string) => void;
  setTax: (zip: string | null, rate: number) => void;
  resetCheckout: () => void;
  clear: () => void;
};

/** The signed-in buyer, or null for a guest. */
export type CheckoutBuyer = {
  Id: number;
  FirstName: string;
  LastName: string;
  EmailAddress: string;
  CustomerId: string | null;
};
