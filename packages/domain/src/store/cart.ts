import { STORE_CART_MESSAGES } from '../shared/store-messages';
import { cents } from '../shared/money';
import type { Cart, CartItem } from './cart-model';
import { isDeliveryNeeded } from './shipping';
import { isBundledUnitItem, isInstantUpdateItem, STORE_ITEM_IDS } from './store-items';

export type { Cart, CartItem } from './cart-model';

/** Quantities a customer may choose for one entry (store-and-public-site §5). */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 10;

/** A line above these quantities needs a phone call for a rate and confirmation (store-and-public-site §5, §9). */
export const CALL_FOR_RATE_THRESHOLDS: Readonly<Record<number, number>> = { 1: 5, 4: 24, 7: 5 };

/** Why the cart refused a change, each with its alert in `CART_REFUSAL_MESSAGES`. */
export type CartRefusal =
  | 'instantUpdatesNeedLogin'
  | 'instantUpdatesAlone'
  | 'petMonitorNeedsLogin'
  | 'petMonitorAlone'
  | 'bundledUnitsRestriction'
  | 'quantityOutOfRange'
  | 'lineOverLimit'
  | 'callForShippingRate';

/** The alert for each refusal; fill {phone} with `fillBrand` (store-and-public-site §8). */
export const CART_REFUSAL_MESSAGES: Readonly<Record<CartRefusal, string>> = {
  instantUpdatesNeedLogin: STORE_CART_MESSAGES.instantUpdatesNeedLogin,
  instantUpdatesAlone: STORE_CART_MESSAGES.instantUpdatesAlone,
  petMonitorNeedsLogin: STORE_CART_MESSAGES.petMonitorNeedsLogin,
  petMonitorAlone: STORE_CART_MESSAGES.petMonitorAlone,
  bundledUnitsRestriction: STORE_CART_MESSAGES.bundledUnitsRestriction,
  quantityOutOfRange: STORE_CART_MESSAGES.quantityOutOfRange,
  lineOverLimit: STORE_CART_MESSAGES.lineOverLimit,
  callForShippingRate: STORE_CART_MESSAGES.callForShippingRate,
};

export type CartContext = { isLoggedIn: boolean };

export type CartChange =
  { isChanged: true; cart: Cart } | { isChanged: false; refusal: CartRefusal | null; cart: Cart };

/** An empty cart: no items, no tax, zip, promo or shipping (store-and-public-site §4 "Cart clear"). */
export function createCart(): Cart {
  return {
    items: [],
    taxRate: 0,
    zipCode: null,
    promo: null,
    shippingType: null,
    shippingCost: cents(0),
  };
}

/** Clearing resets items, tax, zip, promo and shipping (store-and-public-site §4). */
export function clearCart(): Cart {
  return createCart();
}

/** Whether one entered quantity is allowed: a whole number from 1 to 10 (store-and-public-site §5). */
export function isQuantityAllowed(quantity: number): boolean {
  return (
    Number.isInteger(quantity) && quantity >= CART_QUANTITY_MIN && quantity <= CART_QUANTITY_MAX
  );
}

/** Whether this quantity of the item needs a phone call: item 1 over 5, item 4 over 24, item 7 over 5 (store-and-public-site §5). */
export function needsCallForRate(itemId: number, quantity: number): boolean {
  const threshold = CALL_FOR_RATE_THRESHOLDS[itemId];
  return threshold !== undefined && quantity > threshold;
}

/**
 * Merges an item into the cart without checking the store's rules: the same ItemId adds to the
 * existing line; a null item or a quantity of 0 or less is ignored (store-and-public-site §4).
 * Any change of items unselects the shipping type, since the rate depends on the weight.
 */
export function mergeIntoCart(cart: Cart, item: CartItem | null | undefined): Cart {
  if (!item || !(item.quantity > 0)) return cart;
  const existing = cart.items.find((line) => line.itemId === item.itemId);
  const items = existing
    ? cart.items.map((line) =>
        line.itemId === item.itemId ? { ...line, quantity: line.quantity + item.quantity } : line,
      )
    : [...cart.items, { ...item }];
  return unselectShipping({ ...cart, items });
}

/**
 * What is wrong with a cart's contents, in the order the alerts are shown: instant updates need
 * login and go alone, as does the pet monitor upgrade; bundled units go alone and one at a time; some quantities need a phone
 * call (store-and-public-site §4, §5). An empty list means the contents may be ordered.
 */
export function findCartProblems(items: readonly CartItem[], context: CartContext): CartRefusal[] {
  const problems: CartRefusal[] = [];
  const hasInstantUpdates = items.some((line) => isInstantUpdateItem(line.itemId));
  if (hasInstantUpdates && !context.isLoggedIn) problems.push('instantUpdatesNeedLogin');
  if (hasInstantUpdates && items.length > 1) problems.push('instantUpdatesAlone');
  // The pet monitor upgrade is credited to a device like instant updates (decision 044).
  const hasPetMonitor = items.some((line) => line.itemId === STORE_ITEM_IDS.petMonitor);
  if (hasPetMonitor && !context.isLoggedIn) problems.push('petMonitorNeedsLogin');
  if (hasPetMonitor && items.length > 1 && !hasInstantUpdates) problems.push('petMonitorAlone');
  const bundled = items.filter((line) => isBundledUnitItem(line.itemId));
  if (bundled.length > 0 && (items.length > 1 || bundled.some((line) => line.quantity > 1))) {
    problems.push('bundledUnitsRestriction');
  }
  if (
    items.some((line) => !(Number.isInteger(line.quantity) && line.quantity >= CART_QUANTITY_MIN))
  ) {
    problems.push('quantityOutOfRange');
  }
  // Merged adds may not build a line past 10 either: the order takes 1 to 10 of each (§5).
  if (items.some((line) => line.quantity > CART_QUANTITY_MAX)) problems.push('lineOverLimit');
  if (items.some((line) => needsCallForRate(line.itemId, line.quantity))) {
    problems.push('callForShippingRate');
  }
  return problems;
}

/**
 * Adds an item as the store does: ignores a null item or a quantity of 0 or less, refuses an
 * entered quantity outside 1 to 10, then refuses the addition if the resulting cart would break
 * a rule of `findCartProblems` (store-and-public-site §4, §5).
 */
export function addToCart(
  cart: Cart,
  item: CartItem | null | undefined,
  context: CartContext,
): CartChange {
  if (!item || !(item.quantity > 0)) return { isChanged: false, refusal: null, cart };
  if (!isQuantityAllowed(item.quantity)) {
    return { isChanged: false, refusal: 'quantityOutOfRange', cart };
  }
  return checkedChange(cart, mergeIntoCart(cart, item), context);
}

/**
 * Sets the quantity of a line to an entered value from 1 to 10; changing a quantity unselects
 * the shipping type (store-and-public-site §4, §5).
 */
export function changeQuantity(
  cart: Cart,
  itemId: number,
  quantity: number,
  context: CartContext,
): CartChange {
  const line = cart.items.find((existing) => existing.itemId === itemId);
  if (!line || line.quantity === quantity) return { isChanged: false, refusal: null, cart };
  if (!isQuantityAllowed(quantity))
    return { isChanged: false, refusal: 'quantityOutOfRange', cart };
  const items = cart.items.map((existing) =>
    existing.itemId === itemId ? { ...existing, quantity } : existing,
  );
  return checkedChange(cart, unselectShipping({ ...cart, items }), context);
}

/** Removes a line; the shipping type is unselected as for any change of items (store-and-public-site §4). */
export function removeFromCart(cart: Cart, itemId: number): Cart {
  if (!cart.items.some((line) => line.itemId === itemId)) return cart;
  return unselectShipping({ ...cart, items: cart.items.filter((line) => line.itemId !== itemId) });
}

/** What one line holds and how many more of its item it may take (store-and-public-site §5). */
export type LineRoom = { inCart: number; addable: number };

/**
 * How many more of an item the cart's line may take before the 10 of §5, so a refused add can say
 * what would fit (issue #24). An item not in the cart may take 10; a line already past 10 (a cart
 * stored before the limit) none.
 */
export function findLineRoom(cart: Cart, itemId: number): LineRoom {
  const inCart = cart.items.find((line) => line.itemId === itemId)?.quantity ?? 0;
  return { inCart, addable: Math.max(0, CART_QUANTITY_MAX - inCart) };
}

/** Number of units in the cart, the device count the tax call sends (store-and-public-site §7). */
export function countCartUnits(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/** After a change of items no delivery method is chosen, or none is needed (store-and-public-site §4). */
function unselectShipping(cart: Cart): Cart {
  const shippingType = isDeliveryNeeded(cart.items) ? null : 'none';
  return { ...cart, shippingType, shippingCost: cents(0) };
}

function checkedChange(before: Cart, after: Cart, context: CartContext): CartChange {
  const [refusal] = findCartProblems(after.items, context);
  return refusal ? { isChanged: false, refusal, cart: before } : { isChanged: true, cart: after };
}
