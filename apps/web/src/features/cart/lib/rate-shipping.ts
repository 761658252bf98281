import { dollarsToCents } from '@monitor/domain/shared/money';
import { STORE_CART_MESSAGES } from '@monitor/domain/shared/store-messages';
import { buildPostageRateQuery, computeShippingCost } from '@monitor/domain/store/postage';
import { resetShippingAfterRateFailure } from '@monitor/domain/store/shipping';
import { ApiError } from '../../../lib/api-client';
import { getPostageRate } from '../api/get-postage-rate';
import { getShippingRateMultiplier } from '../api/get-shipping-rate-multiplier';
import { getCartState, setCartState } from './cart-store';

/** Only the latest request may write its answer: an older one is for a cart that has changed. */
let latestRequest = 0;

/**
 * Fetches the postage for the cart's delivery method and ZIP and the method's multiplier, and
 * records shipping = postage + multiplier × postage with the delivery estimate
 * (store-and-public-site §7, §9). A failed lookup resets the shipping type with
 * 'Could not get the postage rate : Error {message}' (§4, §8).
 */
export async function rateShipping(alert: (message: string) => void): Promise<void> {
  const { cart } = getCartState();
  const method = cart.shippingType;
  const zip = cart.zipCode;
  if ((method !== 'regularShipping' && method !== 'overnightShipping') || !zip) return;
  const request = ++latestRequest;
  const isCurrent = () => {
    const now = getCartState().cart;
    return (
      request === latestRequest &&
      now.items === cart.items &&
      now.shippingType === method &&
      now.zipCode === zip
    );
  };
  setCartState((previous) => ({ ...previous, isRating: true }));
  try {
    const [postage, multiplier] = await Promise.all([
      getPostageRate(buildPostageRateQuery(cart.items, zip, method)),
      getShippingRateMultiplier(method),
    ]);
    const rate = postage.Rate[0];
    if (rate === undefined) throw new Error('no rate was given');
    if (!isCurrent()) return;
    const shippingCost = computeShippingCost(dollarsToCents(rate), multiplier.Multiplier);
    setCartState((previous) => ({
      ...previous,
      cart: { ...previous.cart, shippingCost },
      deliveryDate: postage.DeliveryDate,
    }));
  } catch (error) {
    if (!isCurrent()) return;
    setCartState((previous) => ({
      ...previous,
      cart: resetShippingAfterRateFailure(previous.cart),
      deliveryDate: null,
    }));
    const message =
      error instanceof ApiError || error instanceof Error ? error.message : String(error);
    alert(STORE_CART_MESSAGES.postageRateFailed(message));
  } finally {
    if (request === latestRequest) setCartState((previous) => ({ ...previous, isRating: false }));
  }
}
