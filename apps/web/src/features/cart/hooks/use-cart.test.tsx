import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Promotion } from '@monitor/contract/store';
import { signInAs } from '../../../test/render-app';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { createCart } from '@monitor/domain/store/cart';
import { line, renderCart } from '../test/render-cart';
import type { UseCart } from './use-cart';

const POSTAGE: MockRoute = {
  path: '/api/sales/calculatePostageRateEstore',
  answer: { body: { Rate: [10], DeliveryDate: '2026-11-30' } },
};
const MULTIPLIERS: MockRoute[] = [
  { path: '/api/sales/getShippingRateRegular/', answer: { body: { Multiplier: 0.5 } } },
  { path: '/api/sales/getShippingRateOvernight/', answer: { body: { Multiplier: 1 } } },
];

const promotion = (extra: Partial<Promotion> = {}): Promotion => ({
  Id: 3,
  PromoCode: 'SAVE10',
  Discount: -10,
  ShippingDiscount: null,
  FreeShipping: false,
  DevicePrice: null,
  ExpirationDate: null,
  ...extra,
});

const promoRoute = (answer: MockRoute['answer']): MockRoute => ({
  method: 'POST',
  path: '/api/promotions/validate',
  answer,
});

/** The 'Error!' alert shows `text` word for word; OK closes it. */
async function expectAlert(text: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Error!' });
  expect(within(dialog).getByText(text)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error!' })).toBeNull());
}

function setUp(routes: MockRoute[] = []) {
  const api = mockApi([...routes, POSTAGE, ...MULTIPLIERS]);
  const view = renderCart();
  return { api, ...view, cart: () => view.result.current };
}

describe('useCart', () => {
  it('merges the same ItemId into one line (store-and-public-site §4 "Cart add")', () => {
    const { cart } = setUp();
    act(() => void cart().add(line(1, 2)));
    act(() => void cart().add(line(4, 1, 3900, 2)));
    act(() => void cart().add(line(1, 1)));
    expect(cart().cart.items.map(({ itemId, quantity }) => [itemId, quantity])).toEqual([
      [1, 3],
      [4, 1],
    ]);
  });

  it('keeps the cart across a reload, and ignores a damaged stored value (store-and-public-site §2)', () => {
    const first = setUp();
    act(() => void first.cart().add(line(4, 2, 3900, 2)));
    first.unmount();
    expect(renderCart().result.current.cart.items).toHaveLength(1);
    window.localStorage.setItem('monitor.cart', '{"version":1,"cart":{"items":"nope"}}');
    expect(renderCart().result.current.cart.items).toEqual([]);
    window.localStorage.setItem('monitor.cart', 'not json');
    expect(renderCart().result.current.cart.items).toEqual([]);
  });

  it('refuses a quantity above 10 (store-and-public-site §5)', async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(4, 11, 3900, 2)));
    await expectAlert('Please choose a quantity from 1 to 10.');
    expect(cart().cart.items).toEqual([]);
  });

  it('asks for a phone call above 5 of item 1, with the brand phone (store-and-public-site §5, §8)', async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(1, 5)));
    let isAdded = true;
    act(() => void (isAdded = cart().add(line(1, 1))));
    expect(isAdded).toBe(false);
    await expectAlert(
      'Please call us on 1-800-555-0102 for a shipping rate and to confirm your order.',
    );
    expect(cart().cart.items[0]!.quantity).toBe(5);
  });

  it('never holds more than 10 of an item: the add past it is refused and says so (store-and-public-site §5)', async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(4, 10, 3900, 2)));
    let isAdded = true;
    act(() => void (isAdded = cart().add(line(4, 5, 3900, 2))));
    expect(isAdded).toBe(false);
    await expectAlert(
      'One order takes at most 10 of each item. To order more, please call us on 1-800-555-0102.',
    );
    expect(cart().cart.items[0]!.quantity).toBe(10);
  });

  it("answers the store an add past 10 with the line's room instead of the alert (store-and-public-site §5; issue #24)", async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(4, 8, 3900, 2)));
    let answer: ReturnType<UseCart['addWithinLimit']> | null = null;
    act(() => void (answer = cart().addWithinLimit(line(4, 5, 3900, 2))));
    expect(answer).toEqual({ isAdded: false, lineRoom: { inCart: 8, addable: 2 } });
    expect(cart().cart.items[0]!.quantity).toBe(8);
    act(() => void (answer = cart().addWithinLimit(line(4, 2, 3900, 2))));
    expect(answer).toEqual({ isAdded: true, lineRoom: null });
    expect(screen.queryByRole('dialog', { name: 'Error!' })).toBeNull();
  });

  it('leaves to the alert a limit that another, stored line breaks (issue #24)', async () => {
    const stored = { ...createCart(), items: [line(4, 12, 3900, 2)] };
    window.localStorage.setItem('monitor.cart', JSON.stringify({ version: 1, cart: stored }));
    const { cart } = setUp();
    let answer: ReturnType<UseCart['addWithinLimit']> | null = null;
    act(() => void (answer = cart().addWithinLimit(line(7, 1, 2900, 3))));
    expect(answer).toEqual({ isAdded: false, lineRoom: null });
    await expectAlert(
      'One order takes at most 10 of each item. To order more, please call us on 1-800-555-0102.',
    );
  });

  it('needs a signed-in buyer for instant updates (store-and-public-site §5, §8)', async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(13, 5, 199, 0)));
    await expectAlert('You need to log in to your account in order to purchase Instant Updates.');
    expect(cart().cart.items).toEqual([]);
  });

  it('sells instant updates alone, and the pet monitor upgrade alone, signed in (store-and-public-site §5, §8)', async () => {
    signInAs();
    const { cart } = setUp();
    act(() => void cart().add(line(4, 1, 3900, 2)));
    act(() => void cart().add(line(13, 5, 199, 0)));
    await expectAlert('Instant Updates cannot be purchased with other Store Items.');
    act(() => void cart().add(line(27, 1, 4900, 0)));
    await expectAlert('The Pet Monitor upgrade cannot be purchased with other Store Items.');
    act(() => cart().remove(4));
    act(() => void cart().add(line(13, 5, 199, 0)));
    expect(cart().cart.shippingType).toBe('none');
  });

  it('sells the bundled units 14 and 15 alone and one at a time (store-and-public-site §5, §8)', async () => {
    const bundled =
      'The Bundled units: 1. Cannot be purchased with other store products 2. Can only be purchased one at a time';
    const { cart } = setUp();
    act(() => void cart().add(line(14, 2, 31900)));
    await expectAlert(bundled);
    act(() => void cart().add(line(14, 1, 31900)));
    act(() => void cart().add(line(15, 1, 40900)));
    await expectAlert(bundled);
    expect(cart().cart.items.map((item) => item.itemId)).toEqual([14]);
  });

  it('selects regular shipping for a valid ZIP and prices it as rate + multiplier × rate (store-and-public-site §4, §7, §9)', async () => {
    const { api, cart } = setUp();
    act(() => void cart().add(line(1, 2)));
    act(() => cart().enterZip('10001'));
    expect(cart().cart.shippingType).toBe('regularShipping');
    await waitFor(() => expect(cart().cart.shippingCost).toBe(1500));
    const [call] = api.find('GET', '/api/sales/calculatePostageRateEstore');
    // Item 1 weighs twice its 16 oz (§9): 2 × 32.
    expect(Object.fromEntries(call!.query)).toEqual({
      weight: '64',
      toZipCode: '10001',
      fromZipCode: '14624',
      shippingType: '2',
    });
    expect(cart().deliveryDate).toBe('2026-11-30');
    expect(cart().totals.shipping).toBe(1500);
  });

  it('unselects the delivery method when a quantity changes (store-and-public-site §4)', async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(1, 1)));
    act(() => cart().enterZip('10001'));
    await waitFor(() => expect(cart().cart.shippingCost).toBe(1500));
    act(() => void cart().changeQuantity(1, 3));
    expect(cart().cart.shippingType).toBeNull();
    expect(cart().totals.shipping).toBe(0);
  });

  it('resets the shipping type when the postage lookup fails (store-and-public-site §4, §8)', async () => {
    const { cart } = setUp([
      { path: '/api/sales/calculatePostageRateEstore', answer: errorAnswer(502, 'carrier down') },
    ]);
    act(() => void cart().add(line(1, 1)));
    act(() => cart().enterZip('10001'));
    await expectAlert('Could not get the postage rate : Error carrier down');
    expect(cart().cart.shippingType).toBeNull();
  });

  it('needs a ZIP for overnight shipping (store-and-public-site §5, §8)', async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(4, 1, 3900, 2)));
    act(() => cart().chooseDelivery('overnightShipping'));
    await expectAlert('Please input a zip code.');
    expect(cart().cart.shippingType).toBeNull();
  });

  it('applies a promo only after a delivery method is chosen (store-and-public-site §4, §8)', async () => {
    const { api, cart } = setUp([promoRoute({ body: promotion() })]);
    act(() => void cart().add(line(1, 1)));
    await act(() => cart().applyPromoCode('save10'));
    await expectAlert('Please select a shipping delivery method first.');
    expect(api.find('POST', '/api/promotions/validate')).toHaveLength(0);
    act(() => cart().enterZip('10001'));
    await waitFor(() => expect(cart().cart.shippingCost).toBe(1500));
    await act(() => cart().applyPromoCode('save10'));
    expect(api.find('POST', '/api/promotions/validate')[0]!.body).toEqual({ PromoCode: 'SAVE10' });
    expect(cart().totals.discount).toBe(2290);
  });

  it('clears the promo for an invalid code with the server message (store-and-public-site §4 "Promo", §8)', async () => {
    const { cart } = setUp([promoRoute(errorAnswer(404, 'Invalid Promo Code, cannot proceed!'))]);
    act(() => void cart().add(line(1, 1)));
    act(() => cart().enterZip('10001'));
    await waitFor(() => expect(cart().cart.shippingCost).toBe(1500));
    await act(() => cart().applyPromoCode('NOPE'));
    await expectAlert('Invalid Promo Code, cannot proceed!');
    expect(cart().cart.promo).toBeNull();
  });

  it('falls back from overnight to regular with a free-shipping promo, with its alert (store-and-public-site §4, §8)', async () => {
    const { cart } = setUp([
      promoRoute({ body: promotion({ Discount: null, FreeShipping: true }) }),
    ]);
    act(() => void cart().add(line(1, 1)));
    act(() => cart().enterZip('10001'));
    await waitFor(() => expect(cart().cart.shippingCost).toBe(1500));
    await act(() => cart().applyPromoCode('FREESHIP'));
    expect(cart().totals.shipping).toBe(0);
    act(() => cart().chooseDelivery('overnightShipping'));
    await expectAlert('Free shipping promocodes cannot be applied for Overnight Shipping');
    expect(cart().cart.shippingType).toBe('regularShipping');
  });

  it('prices the standard device at a referral code price (store-and-public-site §9)', async () => {
    const { cart } = setUp([promoRoute({ body: promotion({ Discount: null, DevicePrice: 199 }) })]);
    act(() => void cart().add(line(1, 2)));
    act(() => cart().enterZip('10001'));
    await waitFor(() => expect(cart().cart.shippingCost).toBe(1500));
    await act(() => cart().applyPromoCode('CLVG'));
    expect(cart().items[0]!.unitPrice).toBe(19900);
    expect(cart().totals.subTotal).toBe(39800);
  });

  it('clears items, tax, zip, promo and shipping (store-and-public-site §4 "Cart clear")', async () => {
    const { cart } = setUp();
    act(() => void cart().add(line(1, 1)));
    act(() => cart().enterZip('10001'));
    await waitFor(() => expect(cart().cart.shippingCost).toBe(1500));
    act(() => cart().setTax('10001', 0.08875));
    act(() => cart().clear());
    expect(cart().cart).toEqual({
      items: [],
      taxRate: 0,
      zipCode: null,
      promo: null,
      shippingType: null,
      shippingCost: 0,
    });
  });
});
