import { describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_REFUSAL_MESSAGES,
  changeQuantity,
  clearCart,
  countCartUnits,
  createCart,
  findCartProblems,
  findLineRoom,
  isQuantityAllowed,
  mergeIntoCart,
  needsCallForRate,
  removeFromCart,
  type Cart,
  type CartItem,
} from './cart';
import { cents } from '../shared/money';

const line = (itemId: number, quantity = 1): CartItem => ({
  itemId,
  quantity,
  weight: 1.5,
  unitPrice: cents(1999),
});
const loggedIn = { isLoggedIn: true };
const loggedOut = { isLoggedIn: false };

function cartWith(...items: CartItem[]): Cart {
  return { ...createCart(), items };
}

describe('mergeIntoCart', () => {
  it('merges quantities of the same ItemId into one line (store-and-public-site §4 "Cart add")', () => {
    const cart = mergeIntoCart(mergeIntoCart(createCart(), line(1, 2)), line(1, 3));
    expect(cart.items).toEqual([line(1, 5)]);
  });

  it('keeps different items as separate lines in the order added', () => {
    const cart = mergeIntoCart(mergeIntoCart(createCart(), line(4)), line(7, 2));
    expect(cart.items.map((l) => [l.itemId, l.quantity])).toEqual([
      [4, 1],
      [7, 2],
    ]);
  });

  it('ignores a null item or a quantity of 0 or less (store-and-public-site §4 "Cart add")', () => {
    const cart = cartWith(line(1));
    expect(mergeIntoCart(cart, null)).toBe(cart);
    expect(mergeIntoCart(cart, undefined)).toBe(cart);
    expect(mergeIntoCart(cart, line(4, 0))).toBe(cart);
    expect(mergeIntoCart(cart, line(4, -2))).toBe(cart);
  });

  it('unselects the shipping type because the weight changed', () => {
    const cart = {
      ...cartWith(line(1)),
      shippingType: 'regularShipping' as const,
      shippingCost: cents(900),
    };
    const after = mergeIntoCart(cart, line(1));
    expect(after.shippingType).toBeNull();
    expect(after.shippingCost).toBe(0);
  });

  it('does not change the cart it was given', () => {
    const cart = cartWith(line(1, 2));
    mergeIntoCart(cart, line(1, 3));
    expect(cart.items).toEqual([line(1, 2)]);
  });
});

describe('clearCart', () => {
  it('resets items, tax, zip, promo and shipping (store-and-public-site §4 "Cart clear")', () => {
    expect(clearCart()).toEqual({
      items: [],
      taxRate: 0,
      zipCode: null,
      promo: null,
      shippingType: null,
      shippingCost: 0,
    });
  });
});

describe('quantity limits', () => {
  it.each([
    [0, false],
    [1, true],
    [5, true],
    [10, true],
    [11, false],
    [-1, false],
    [2.5, false],
    [Number.NaN, false],
  ])('allows quantity %s: %s (store-and-public-site §5 "1 to 10")', (quantity, isAllowed) => {
    expect(isQuantityAllowed(quantity)).toBe(isAllowed);
  });

  it.each([
    [1, 5, false],
    [1, 6, true],
    [4, 24, false],
    [4, 25, true],
    [7, 5, false],
    [7, 6, true],
    [11, 100, false],
    [13, 50, false],
  ])(
    'item %i × %i needs a phone call: %s (store-and-public-site §5, §9)',
    (itemId, quantity, isCallNeeded) => {
      expect(needsCallForRate(itemId, quantity)).toBe(isCallNeeded);
    },
  );

  it('gives the call-for-rate alert with the brand phone placeholder (store-and-public-site §8)', () => {
    expect(CART_REFUSAL_MESSAGES.callForShippingRate).toBe(
      'Please call us on {phone} for a shipping rate and to confirm your order.',
    );
  });
});

describe('addToCart', () => {
  it('adds an allowed item and merges a repeat (store-and-public-site §4)', () => {
    const first = addToCart(createCart(), line(1, 2), loggedOut);
    expect(first.isChanged).toBe(true);
    const second = addToCart(first.cart, line(1, 3), loggedOut);
    expect(second).toMatchObject({ isChanged: true });
    expect(second.cart.items).toEqual([line(1, 5)]);
  });

  it('ignores a null item or a quantity of 0 or less without an alert (store-and-public-site §4)', () => {
    const cart = createCart();
    expect(addToCart(cart, null, loggedIn)).toEqual({ isChanged: false, refusal: null, cart });
    expect(addToCart(cart, line(1, 0), loggedIn)).toEqual({
      isChanged: false,
      refusal: null,
      cart,
    });
  });

  it('refuses an entered quantity above 10 (store-and-public-site §5)', () => {
    expect(addToCart(createCart(), line(11, 11), loggedIn)).toMatchObject({
      isChanged: false,
      refusal: 'quantityOutOfRange',
    });
  });

  it('refuses the add that takes item 1 over 5 with the call-for-rate alert (store-and-public-site §5)', () => {
    const cart = cartWith(line(1, 5));
    const result = addToCart(cart, line(1, 1), loggedIn);
    expect(result).toEqual({ isChanged: false, refusal: 'callForShippingRate', cart });
  });

  it('refuses the add that would take a line past 10, whatever came before (store-and-public-site §5)', () => {
    const cart = cartWith(line(4, 10));
    expect(addToCart(cart, line(4, 5), loggedIn)).toEqual({
      isChanged: false,
      refusal: 'lineOverLimit',
      cart,
    });
    expect(CART_REFUSAL_MESSAGES.lineOverLimit).toContain('{phone}');
  });

  it('refuses instant updates to a visitor who is not logged in (store-and-public-site §5)', () => {
    const result = addToCart(createCart(), line(13), loggedOut);
    expect(result).toMatchObject({ isChanged: false, refusal: 'instantUpdatesNeedLogin' });
    expect(CART_REFUSAL_MESSAGES.instantUpdatesNeedLogin).toBe(
      'You need to log in to your account in order to purchase Instant Updates.',
    );
  });

  it('refuses instant updates next to other items, whichever came first (store-and-public-site §4, §5)', () => {
    expect(addToCart(cartWith(line(1)), line(13), loggedIn)).toMatchObject({
      refusal: 'instantUpdatesAlone',
    });
    expect(addToCart(cartWith(line(13)), line(27), loggedIn)).toMatchObject({
      refusal: 'instantUpdatesAlone',
    });
    expect(CART_REFUSAL_MESSAGES.instantUpdatesAlone).toBe(
      'Instant Updates cannot be purchased with other Store Items.',
    );
  });

  it('treats the pet monitor upgrade (27) like instant updates: login, alone (store-and-public-site §5; decision 044)', () => {
    expect(addToCart(createCart(), line(27), loggedOut)).toMatchObject({
      refusal: 'petMonitorNeedsLogin',
    });
    expect(addToCart(cartWith(line(1)), line(27), loggedIn)).toMatchObject({
      refusal: 'petMonitorAlone',
    });
    expect(addToCart(cartWith(line(27)), line(4), loggedIn)).toMatchObject({
      refusal: 'petMonitorAlone',
    });
    expect(addToCart(createCart(), line(27), loggedIn)).toMatchObject({ isChanged: true });
  });

  it('merges more instant updates into a cart that holds only instant updates', () => {
    const result = addToCart(cartWith(line(13, 1)), line(13, 2), loggedIn);
    expect(result.isChanged).toBe(true);
    expect(result.cart.items).toEqual([line(13, 3)]);
  });

  it('sets no delivery for a cart of instant updates (store-and-public-site §4 "Shipping type")', () => {
    expect(addToCart(createCart(), line(13), loggedIn).cart.shippingType).toBe('none');
  });

  it('sells a bundled unit only one at a time and alone (store-and-public-site §5)', () => {
    expect(addToCart(createCart(), line(14), loggedOut).isChanged).toBe(true);
    expect(addToCart(createCart(), line(15, 2), loggedOut)).toMatchObject({
      refusal: 'bundledUnitsRestriction',
    });
    expect(addToCart(cartWith(line(14)), line(14), loggedOut)).toMatchObject({
      refusal: 'bundledUnitsRestriction',
    });
    expect(addToCart(cartWith(line(14)), line(15), loggedOut)).toMatchObject({
      refusal: 'bundledUnitsRestriction',
    });
    expect(addToCart(cartWith(line(1)), line(15), loggedOut)).toMatchObject({
      refusal: 'bundledUnitsRestriction',
    });
    expect(addToCart(cartWith(line(15)), line(4), loggedOut)).toMatchObject({
      refusal: 'bundledUnitsRestriction',
    });
    expect(CART_REFUSAL_MESSAGES.bundledUnitsRestriction).toBe(
      'The Bundled units: 1. Cannot be purchased with other store products 2. Can only be purchased one at a time',
    );
  });
});

describe('changeQuantity', () => {
  it('sets the quantity and unselects the shipping type (store-and-public-site §4 "Shipping type")', () => {
    const cart = {
      ...cartWith(line(11, 1)),
      shippingType: 'overnightShipping' as const,
      shippingCost: cents(2500),
    };
    const result = changeQuantity(cart, 11, 3, loggedIn);
    expect(result.isChanged).toBe(true);
    expect(result.cart.items).toEqual([line(11, 3)]);
    expect(result.cart.shippingType).toBeNull();
    expect(result.cart.shippingCost).toBe(0);
  });

  it('refuses a quantity outside 1 to 10 (store-and-public-site §5)', () => {
    const cart = cartWith(line(11, 1));
    expect(changeQuantity(cart, 11, 0, loggedIn)).toMatchObject({
      refusal: 'quantityOutOfRange',
      cart,
    });
    expect(changeQuantity(cart, 11, 11, loggedIn)).toMatchObject({ refusal: 'quantityOutOfRange' });
  });

  it('refuses item 7 above 5 with the call-for-rate alert (store-and-public-site §5)', () => {
    expect(changeQuantity(cartWith(line(7, 2)), 7, 6, loggedIn)).toMatchObject({
      refusal: 'callForShippingRate',
    });
  });

  it('refuses a second bundled unit (store-and-public-site §5)', () => {
    expect(changeQuantity(cartWith(line(14)), 14, 2, loggedIn)).toMatchObject({
      refusal: 'bundledUnitsRestriction',
    });
  });

  it('leaves the cart alone for an unknown item or the same quantity', () => {
    const cart = { ...cartWith(line(1, 2)), shippingType: 'regularShipping' as const };
    expect(changeQuantity(cart, 99, 3, loggedIn)).toEqual({
      isChanged: false,
      refusal: null,
      cart,
    });
    expect(changeQuantity(cart, 1, 2, loggedIn)).toEqual({ isChanged: false, refusal: null, cart });
  });
});

describe('removeFromCart and countCartUnits', () => {
  it('removes a line and unselects shipping', () => {
    const cart = { ...cartWith(line(1, 2), line(4, 3)), shippingType: 'regularShipping' as const };
    const after = removeFromCart(cart, 1);
    expect(after.items).toEqual([line(4, 3)]);
    expect(after.shippingType).toBeNull();
    expect(removeFromCart(after, 1)).toBe(after);
  });

  it('counts units over all lines', () => {
    expect(countCartUnits([line(1, 2), line(4, 3)])).toBe(5);
  });
});

describe('findCartProblems', () => {
  it('finds nothing wrong with an ordinary cart', () => {
    expect(findCartProblems([line(1, 5), line(4, 10), line(7, 5)], loggedOut)).toEqual([]);
  });

  it('lists every rule a cart breaks, for the order call to check (store-and-public-site §5)', () => {
    expect(findCartProblems([line(13), line(14, 2), line(1, 6)], loggedOut)).toEqual([
      'instantUpdatesNeedLogin',
      'instantUpdatesAlone',
      'bundledUnitsRestriction',
      'callForShippingRate',
    ]);
  });

  it('flags a line whose quantity is not a positive whole number', () => {
    expect(findCartProblems([line(1, 0)], loggedIn)).toEqual(['quantityOutOfRange']);
    expect(findCartProblems([line(1, 1.5)], loggedIn)).toEqual(['quantityOutOfRange']);
  });
});

describe('findLineRoom', () => {
  it('says what a line holds and how many more fit under 10 (store-and-public-site §5; issue #24)', () => {
    const cart = cartWith(line(4, 8), line(1, 2));
    expect(findLineRoom(cart, 4)).toEqual({ inCart: 8, addable: 2 });
    expect(findLineRoom(cart, 7)).toEqual({ inCart: 0, addable: 10 });
  });

  it('leaves no room in a line already at or past 10 (issue #24)', () => {
    expect(findLineRoom(cartWith(line(4, 10)), 4)).toEqual({ inCart: 10, addable: 0 });
    expect(findLineRoom(cartWith(line(4, 12)), 4)).toEqual({ inCart: 12, addable: 0 });
  });
});
