import { useCallback, useMemo } from 'react';
import {
  addToCart,
  changeQuantity as changeCartQuantity,
  clearCart,
  findLineRoom,
  removeFromCart,
  CART_REFUSAL_MESSAGES,
  type Cart,
  type CartChange,
  type CartItem,
  type LineRoom,
} from '@monitor/domain/store/cart';
import { setCartTax, type CartTotals } from '@monitor/domain/store/cart-totals';
import {
  applyPromotion,
  normalizePromoCode,
  readPromotion,
} from '@monitor/domain/store/promotions';
import {
  checkPromoNeedsShipping,
  chooseDeliveryMethod,
  enterZipCode,
  resetShippingAfterRateFailure,
  type DeliveryMethod,
  type ShippingChoice,
} from '@monitor/domain/store/shipping';
import { toIsoDate } from '@monitor/domain/shared/calendar-date';
import { STORE_PROMOTION_MESSAGES } from '@monitor/domain/shared/store-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { useSession } from '../../../lib/session';
import { validatePromotion } from '../api/validate-promotion';
import { cartTotalsOf, pricedItems } from '../lib/cart-pricing';
import { getCartState, setCartState, useCartState } from '../lib/cart-store';
import { rateShipping } from '../lib/rate-shipping';

/** A store add's answer: the line's room when it was refused for going past 10, else null. */
export type CartAdd = { isAdded: boolean; lineRoom: LineRoom | null };

export type UseCart = {
  cart: Cart;
  /** The lines as charged (referral prices applied). */
  items: CartItem[];
  totals: CartTotals;
  /** The postage answer's delivery estimate (yyyy-MM-dd), null until a rate is known. */
  deliveryDate: string | null;
  /** A code kept from a landing page, offered in the promo entry. */
  promoCode: string | null;
  isRating: boolean;
  /** Adds an item by the store's rules; false (with the §8 alert) when refused. */
  add: (item: CartItem) => boolean;
  /**
   * Adds as `add` does, but an add that would take its own line past 10 is answered with the
   * line's room instead of the alert, so the store says it on the product card (issue #24).
   */
  addWithinLimit: (item: CartItem) => CartAdd;
  changeQuantity: (itemId: number, quantity: number) => boolean;
  remove: (itemId: number) => void;
  clear: () => void;
  enterZip: (zip: string) => void;
  chooseDelivery: (method: DeliveryMethod) => void;
  /** Validates the code with the server and applies it by the §5 rules; true when applied. */
  applyPromoCode: (code: string) => Promise<boolean>;
  /** Keeps a code for later (a landing page's claim before any delivery method is chosen). */
  rememberPromoCode: (code: string) => void;
  /** Records the tax rate found for the verified address's ZIP (§4 "Tax"). */
  setTax: (zip: string | null, rate: number) => void;
  /** Checkout's cancel: no delivery method, shipping or tax any more (§4 "Checkout"). */
  resetCheckout: () => void;
};

/**
 * Today in New York, the day the server checks a promotion's expiry by (modules/billing's billing
 * day). Not entities/billing's billingToday: importing it would split a shared chunk whose name
 * the sign-in download then carries (bench/web).
 */
const promotionToday = () => toIsoDate(new Date(), 'America/New_York');

// Changes that need no alert are the same function for every caller, so effects can depend on them.
function removeLine(itemId: number): void {
  setCartState((previous) => ({
    ...previous,
    cart: removeFromCart(previous.cart, itemId),
    deliveryDate: null,
  }));
}

function clearStoredCart(): void {
  setCartState((previous) => ({
    ...previous,
    cart: clearCart(),
    deliveryDate: null,
    promoCode: null,
  }));
}

function rememberPromoCode(code: string): void {
  setCartState((previous) => ({ ...previous, promoCode: normalizePromoCode(code) || null }));
}

function setTax(zip: string | null, rate: number): void {
  setCartState((previous) => {
    const cart = setCartTax(previous.cart, zip, rate);
    const isSame = cart.zipCode === previous.cart.zipCode && cart.taxRate === previous.cart.taxRate;
    return isSame ? previous : { ...previous, cart };
  });
}

function resetCheckout(): void {
  setCartState((previous) => ({
    ...previous,
    cart: setCartTax(resetShippingAfterRateFailure(previous.cart), null, 0),
    deliveryDate: null,
  }));
}

/**
 * The cart (store-and-public-site §3, §4, §5): every rule is the domain's; this hook keeps the one
 * cart of the page, shows each refusal in the 'Error!' modal word for word with the brand's phone,
 * and fetches the postage rate whenever a delivery method needs one.
 */
export function useCart(): UseCart {
  const state = useCartState();
  const session = useSession();
  const showError = useErrorModal();
  const fill = useBrandMessage();
  const alert = useCallback((message: string) => showError(fill(message)), [showError, fill]);
  const isLoggedIn = session.loggedIn;

  const commitChange = useCallback(
    (result: CartChange): boolean => {
      if (!result.isChanged) {
        if (result.refusal) alert(CART_REFUSAL_MESSAGES[result.refusal]);
        return false;
      }
      setCartState((previous) => ({ ...previous, cart: result.cart, deliveryDate: null }));
      return true;
    },
    [alert],
  );

  const applyShipping = useCallback(
    (choice: ShippingChoice) => {
      setCartState((previous) => ({ ...previous, cart: choice.cart, deliveryDate: null }));
      if (choice.alert) alert(choice.alert);
      if (choice.needsRate) void rateShipping(alert);
    },
    [alert],
  );

  const applyPromoCode = useCallback(
    async (code: string) => {
      const needsShipping = checkPromoNeedsShipping(getCartState().cart);
      if (needsShipping) {
        alert(needsShipping);
        return false;
      }
      let promotion;
      try {
        promotion = readPromotion(await validatePromotion(normalizePromoCode(code)));
      } catch (error) {
        setCartState((previous) => ({ ...previous, cart: { ...previous.cart, promo: null } }));
        alert(errorMessageFor(error, STORE_PROMOTION_MESSAGES.promotionRequestFailed));
        return false;
      }
      const applied = applyPromotion(getCartState().cart, promotion, promotionToday());
      setCartState((previous) => ({
        ...previous,
        cart: applied.cart,
        promoCode: applied.alert ? previous.promoCode : null,
      }));
      if (applied.alert) alert(applied.alert);
      return applied.alert === null;
    },
    [alert],
  );

  return useMemo(
    () => ({
      cart: state.cart,
      items: pricedItems(state.cart),
      totals: cartTotalsOf(state.cart),
      deliveryDate: state.deliveryDate,
      promoCode: state.promoCode,
      isRating: state.isRating,
      add: (item) => commitChange(addToCart(getCartState().cart, item, { isLoggedIn })),
      addWithinLimit: (item) => {
        const cart = getCartState().cart;
        const result = addToCart(cart, item, { isLoggedIn });
        const room = findLineRoom(cart, item.itemId);
        // Only this item's own line is the card's to explain; a stored line past 10 of another
        // item refuses every add, and that is the alert's to say.
        const isOwnLineOver =
          !result.isChanged && result.refusal === 'lineOverLimit' && item.quantity > room.addable;
        if (isOwnLineOver) return { isAdded: false, lineRoom: room };
        return { isAdded: commitChange(result), lineRoom: null };
      },
      changeQuantity: (itemId, quantity) =>
        commitChange(changeCartQuantity(getCartState().cart, itemId, quantity, { isLoggedIn })),
      remove: removeLine,
      clear: clearStoredCart,
      enterZip: (zip) => applyShipping(enterZipCode(getCartState().cart, zip)),
      chooseDelivery: (method) => applyShipping(chooseDeliveryMethod(getCartState().cart, method)),
      applyPromoCode,
      rememberPromoCode,
      setTax,
      resetCheckout,
    }),
    [state, isLoggedIn, commitChange, applyShipping, applyPromoCode],
  );
}
