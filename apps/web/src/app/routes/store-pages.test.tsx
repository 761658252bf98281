import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import type { StoreItem } from '@monitor/contract/store';
import { reloadCartState } from '../../features/cart/lib/cart-store';
import { mockApi } from '../../test/mock-api';
import { renderApp, setDesktopWidth } from '../../test/render-app';

const SLOW = { timeout: 5000 };

const item = (ItemId: number, StoreName: string, extra: Partial<StoreItem> = {}): StoreItem => ({
  ItemId,
  StoreName,
  Description: `About the ${StoreName}.`,
  UnitPrice: 229,
  Weight: 16,
  Active: true,
  Accessory: false,
  MarcellProItem: false,
  ...extra,
});

const ITEMS = [
  item(1, 'Cellular Monitor'),
  item(19, 'Professional Monitor', { UnitPrice: 349, MarcellProItem: true }),
  item(4, 'Wireless Sensor Puck', { UnitPrice: 39, Weight: 2, Accessory: true }),
];

function setUp(path: string, tenant = '2') {
  setDesktopWidth();
  Cookies.set('tid', tenant);
  reloadCartState();
  const api = mockApi([{ path: '/api/items/getactive', answer: { body: ITEMS } }]);
  return { ...renderApp(path), api };
}

const storedItems = () =>
  JSON.parse(window.localStorage.getItem('monitor.cart') ?? '{"cart":{"items":[]}}').cart.items;

afterEach(() => reloadCartState());

describe('/store', { timeout: 20_000 }, () => {
  it('shows the device and accessory sections of the brand, each product with its price (store-and-public-site §2 "Store page")', async () => {
    setUp('/store');
    const devices = await screen.findByRole('region', { name: 'Monitors' }, SLOW);
    const accessories = screen.getByRole('region', { name: 'Sensors, accessories and upgrades' });
    expect(within(devices).getByRole('article', { name: 'Cellular Monitor' })).toHaveTextContent(
      '$229.00',
    );
    expect(
      within(accessories).getByRole('article', { name: 'Wireless Sensor Puck' }),
    ).toHaveTextContent('$39.00');
    // The professional line is tenant 6's (§9).
    expect(screen.queryByRole('article', { name: 'Professional Monitor' })).toBeNull();
  });

  it('opens the device section from a landing page link (store-and-public-site §2 "Landing pages")', async () => {
    setUp('/store?section=devices');
    expect(await screen.findByRole('region', { name: 'Monitors' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sensors, accessories and upgrades' })).toBeNull();
  });

  it('sells the professional line on the professional brand (store-and-public-site §1, §9)', async () => {
    setUp('/store', '6');
    expect(
      await screen.findByRole('article', { name: 'Professional Monitor' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Cellular Monitor' })).toBeNull();
  });

  it('adds to the cart and closes the checkout summary on the next add (store-and-public-site §4 "Cart add")', async () => {
    const { user } = setUp('/store');
    const monitor = await screen.findByRole('article', { name: 'Cellular Monitor' }, SLOW);
    await user.selectOptions(within(monitor).getByLabelText('Quantity'), '2');
    await user.click(within(monitor).getByRole('button', { name: 'Add Cellular Monitor to cart' }));
    const cart = screen.getByRole('complementary', { name: 'Your cart' });
    expect(within(cart).getByLabelText('Quantity of Cellular Monitor')).toHaveValue('2');
    expect(storedItems()).toEqual([{ itemId: 1, quantity: 2, weight: 16, unitPrice: 22900 }]);
    await user.click(within(cart).getByRole('button', { name: 'Check out' }));
    expect(within(cart).getByRole('table', { name: 'Order summary' })).toHaveTextContent('$458.00');
    // No price of $0.00 for what is not known yet (issue #24).
    expect(within(cart).getByRole('row', { name: 'Shipping Not chosen yet' })).toBeInTheDocument();
    expect(
      within(cart).getByRole('row', { name: 'Sales tax Needs your address' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Wireless Sensor Puck to cart' }));
    expect(within(cart).queryByRole('table', { name: 'Order summary' })).toBeNull();
    expect(within(cart).getByRole('button', { name: 'Check out' })).toBeInTheDocument();
  });

  it('says on the product card, not in an alert, how many more fit when an add would pass 10 (store-and-public-site §5; issue #24)', async () => {
    const { user } = setUp('/store');
    const puck = await screen.findByRole('article', { name: 'Wireless Sensor Puck' }, SLOW);
    const quantity = within(puck).getByLabelText('Quantity');
    const add = within(puck).getByRole('button', { name: 'Add Wireless Sensor Puck to cart' });
    await user.selectOptions(quantity, '8');
    await user.click(add);
    await user.selectOptions(quantity, '5');
    await user.click(add);
    expect(await within(puck).findByRole('alert')).toHaveTextContent(
      'Your cart already holds 8 of the Wireless Sensor Puck; you can add up to 2 more. ' +
        'One order takes at most 10 of each item. To order more, please call us on 1-800-555-0102.',
    );
    expect(screen.queryByRole('dialog', { name: 'Error!' })).toBeNull();
    expect(storedItems()).toEqual([{ itemId: 4, quantity: 8, weight: 2, unitPrice: 3900 }]);

    await user.selectOptions(quantity, '2');
    await waitFor(() => expect(within(puck).queryByRole('alert')).toBeNull());
    await user.click(add);
    await waitFor(() => expect(storedItems()).toEqual([expect.objectContaining({ quantity: 10 })]));
  });

  it('clears the cart for checkout=complete (store-and-public-site §2 "Store page")', async () => {
    window.localStorage.setItem(
      'monitor.cart',
      JSON.stringify({
        version: 1,
        cart: {
          items: [{ itemId: 4, quantity: 1, weight: 2, unitPrice: 3900 }],
          taxRate: 0,
          zipCode: null,
          promo: null,
          shippingType: null,
          shippingCost: 0,
        },
        deliveryDate: null,
        promoCode: null,
      }),
    );
    const { location } = setUp('/store?checkout=complete');
    await screen.findByRole('region', { name: 'Monitors' }, SLOW);
    await waitFor(() => expect(storedItems()).toEqual([]));
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(location().search).toBe('');
  });

  it('adds what a card pressed before the page’s code came asked for, says so on its card and takes it off the address (store-and-public-site §4 "Cart add"; decision 071)', async () => {
    const { location } = setUp('/store?add=4&quantity=3&section=accessories');
    const puck = await screen.findByRole('article', { name: 'Wireless Sensor Puck' }, SLOW);
    expect(await within(puck).findByRole('status')).toHaveTextContent('Added to your cart.');
    expect(
      within(puck).getByRole('button', { name: 'Add Wireless Sensor Puck to cart' }),
    ).toHaveFocus();
    expect(storedItems()).toEqual([{ itemId: 4, quantity: 3, weight: 2, unitPrice: 3900 }]);
    // Once: the address no longer asks for it, so a reload adds nothing.
    await waitFor(() => expect(location().search).toBe('?section=accessories'));
    expect(storedItems()).toHaveLength(1);
  });

  it('adds nothing for an item the brand does not sell or a quantity the card does not offer (decision 071)', async () => {
    const { location } = setUp('/store?add=19&quantity=1');
    await screen.findByRole('region', { name: 'Monitors' }, SLOW);
    await waitFor(() => expect(location().search).toBe(''));
    expect(storedItems()).toEqual([]);
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it("links tenant 1's store to its external shop (store-and-public-site §1, §9)", async () => {
    const { api } = setUp('/store', '1');
    const link = await screen.findByRole('link', { name: 'Go to the MarCell shop' }, SLOW);
    expect(link).toHaveAttribute('href', 'https://shop.marcell.example');
    expect(api.find('GET', '/api/items/getactive')).toHaveLength(0);
  });

  it('says the store is unavailable for a brand without one (store-and-public-site §1)', async () => {
    setUp('/store', '3');
    expect(
      await screen.findByText('The store is not available', undefined, SLOW),
    ).toBeInTheDocument();
  });
});
