import { afterEach, describe, expect, it } from 'vitest';
import { createCart } from '@monitor/domain/store/cart';
import {
  CART_STORAGE_KEY,
  CART_STORAGE_VERSION,
  readStoredCart,
  writeStoredCart,
} from './cart-storage';

afterEach(() => window.localStorage.clear());

const stored = (value: unknown) =>
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(value));

describe('the stored cart', () => {
  it('reads back what was written (store-and-public-site §2: the cart is kept across reloads)', () => {
    const cart = {
      ...createCart(),
      zipCode: '10001',
      items: [{ itemId: 4, quantity: 2, weight: 2, unitPrice: 3900 }],
    };
    writeStoredCart({ cart: cart as never, deliveryDate: '2026-11-30', promoCode: 'SAVE10' });
    expect(readStoredCart()).toEqual({ cart, deliveryDate: '2026-11-30', promoCode: 'SAVE10' });
  });

  it('ignores another version, a damaged cart and text that is not JSON (decision 046)', () => {
    stored({ version: CART_STORAGE_VERSION + 1, cart: createCart() });
    expect(readStoredCart().cart).toEqual(createCart());
    stored({ version: CART_STORAGE_VERSION, cart: { ...createCart(), items: [{ itemId: 'x' }] } });
    expect(readStoredCart().cart).toEqual(createCart());
    stored({ version: CART_STORAGE_VERSION, cart: { ...createCart(), shippingType: 'teleport' } });
    expect(readStoredCart().cart).toEqual(createCart());
    window.localStorage.setItem(CART_STORAGE_KEY, '{');
    expect(readStoredCart().cart).toEqual(createCart());
  });
});
