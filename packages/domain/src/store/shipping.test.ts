import { describe, expect, it } from 'vitest';
import { createCart, type Cart, type CartItem } from './cart';
import { cents } from '../shared/money';
import type { Promotion } from './promotions';
import {
  checkDeliveryForCheckout,
  checkPromoNeedsShipping,
  chooseDeliveryMethod,
  enterZipCode,
  isDeliveryNeeded,
  orderShippingType,
  resetShippingAfterRateFailure,
} from './shipping';

const line = (itemId: number, quantity = 1): CartItem => ({
  itemId,
  quantity,
  weight: 2,
  unitPrice: cents(19900),
});
const cartWith = (items: CartItem[], extra: Partial<Cart> = {}): Cart => ({
  ...createCart(),
  items,
  ...extra,
});
const freeShippingPromo: Promotion = {
  id: 7,
  code: 'SHIPFREE',
  devicePrice: null,
  discount: null,
  shippingDiscount: null,
  freeShipping: true,
  expirationDate: null,
};

describe('isDeliveryNeeded', () => {
  it('disables delivery for a cart whose first item is instant updates (store-and-public-site §4)', () => {
    expect(isDeliveryNeeded([line(13)])).toBe(false);
    expect(isDeliveryNeeded([line(1)])).toBe(true);
    expect(isDeliveryNeeded([line(1), line(13)])).toBe(true);
    // The pet monitor upgrade is credited to a device, not shipped (decision 044).
    expect(isDeliveryNeeded([line(27)])).toBe(false);
  });
});

describe('enterZipCode', () => {
  it('auto-selects regular shipping for a valid US zip and asks for a rate (store-and-public-site §4)', () => {
    const choice = enterZipCode(cartWith([line(1)]), '14624');
    expect(choice.cart.shippingType).toBe('regularShipping');
    expect(choice.cart.zipCode).toBe('14624');
    expect(choice.needsRate).toBe(true);
  });

  it('auto-selects regular shipping for a ZIP+4 and a Canadian postal code (store-and-public-site §5)', () => {
    expect(enterZipCode(cartWith([line(1)]), '14624-1234').cart.shippingType).toBe(
      'regularShipping',
    );
    const canadian = enterZipCode(cartWith([line(1)]), 'k1a 0b1');
    expect(canadian.cart.shippingType).toBe('regularShipping');
    expect(canadian.cart.zipCode).toBe('K1A0B1');
  });

  it('keeps overnight when the zip changes on an overnight cart', () => {
    const cart = cartWith([line(1)], { zipCode: '14624', shippingType: 'overnightShipping' });
    const choice = enterZipCode(cart, '10001');
    expect(choice.cart.shippingType).toBe('overnightShipping');
    expect(choice.needsRate).toBe(true);
  });

  it('records an incomplete zip without choosing shipping', () => {
    const choice = enterZipCode(cartWith([line(1)]), '146');
    expect(choice.cart.shippingType).toBeNull();
    expect(choice.cart.zipCode).toBe('146');
    expect(choice.needsRate).toBe(false);
  });

  it('asks no rate for a cart that needs no delivery', () => {
    const choice = enterZipCode(cartWith([line(13)]), '14624');
    expect(choice.cart.shippingType).toBe('none');
    expect(choice.needsRate).toBe(false);
  });
});

describe('chooseDeliveryMethod', () => {
  it('selects regular shipping and asks for a rate', () => {
    const choice = chooseDeliveryMethod(cartWith([line(1)]), 'regularShipping');
    expect(choice).toMatchObject({ alert: null, needsRate: true });
    expect(choice.cart.shippingType).toBe('regularShipping');
  });

  it('needs a zip for overnight (store-and-public-site §5)', () => {
    const cart = cartWith([line(1)]);
    expect(chooseDeliveryMethod(cart, 'overnightShipping')).toEqual({
      cart,
      alert: 'Please input a zip code.',
      needsRate: false,
    });
  });

  it('falls back to regular with an alert when overnight meets a free-shipping promo (store-and-public-site §4)', () => {
    const cart = cartWith([line(1)], { zipCode: '14624', promo: freeShippingPromo });
    const choice = chooseDeliveryMethod(cart, 'overnightShipping');
    expect(choice.cart.shippingType).toBe('regularShipping');
    expect(choice.alert).toBe('Free shipping promocodes cannot be applied for Overnight Shipping');
    expect(choice.needsRate).toBe(true);
  });

  it('selects overnight with a zip and no free-shipping promo', () => {
    const choice = chooseDeliveryMethod(
      cartWith([line(1)], { zipCode: '14624' }),
      'overnightShipping',
    );
    expect(choice.cart.shippingType).toBe('overnightShipping');
  });

  it('offers nothing to choose when the first item is instant updates (store-and-public-site §4)', () => {
    const choice = chooseDeliveryMethod(cartWith([line(13)]), 'overnightShipping');
    expect(choice.cart.shippingType).toBe('none');
    expect(choice.needsRate).toBe(false);
  });
});

describe('checks before promo and checkout', () => {
  it('asks for a shipping type before a promo (store-and-public-site §4, §8)', () => {
    expect(checkPromoNeedsShipping(cartWith([line(1)]))).toBe(
      'Please select a shipping delivery method first.',
    );
    expect(
      checkPromoNeedsShipping(cartWith([line(1)], { shippingType: 'regularShipping' })),
    ).toBeNull();
  });

  it('blocks checkout until a delivery method is chosen (store-and-public-site §4, §5)', () => {
    expect(checkDeliveryForCheckout(cartWith([line(1)]))).toBe('Please select a delivery method.');
    expect(checkDeliveryForCheckout(cartWith([line(1)], { shippingType: 'none' }))).toBe(
      'Please select a delivery method.',
    );
    expect(
      checkDeliveryForCheckout(cartWith([line(1)], { shippingType: 'regularShipping' })),
    ).toBeNull();
  });

  it('lets checkout go on without delivery when none is needed (store-and-public-site §4)', () => {
    expect(checkDeliveryForCheckout(cartWith([line(13)]))).toBeNull();
  });

  it('blocks overnight checkout without a zip (store-and-public-site §5)', () => {
    expect(
      checkDeliveryForCheckout(cartWith([line(1)], { shippingType: 'overnightShipping' })),
    ).toBe('Please input a zip code.');
  });
});

describe('resetShippingAfterRateFailure and orderShippingType', () => {
  it('resets the shipping type when the postage lookup fails (store-and-public-site §4)', () => {
    const cart = cartWith([line(1)], { shippingType: 'regularShipping', shippingCost: cents(800) });
    expect(resetShippingAfterRateFailure(cart)).toMatchObject({
      shippingType: null,
      shippingCost: 0,
    });
  });

  it('sends none for an order that needs no delivery (store-and-public-site §3)', () => {
    expect(orderShippingType(cartWith([line(13)], { shippingType: null }))).toBe('none');
    expect(orderShippingType(cartWith([line(1)], { shippingType: 'overnightShipping' }))).toBe(
      'overnightShipping',
    );
  });
});
