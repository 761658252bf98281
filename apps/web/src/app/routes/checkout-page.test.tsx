import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { Order } from '@monitor/contract/orders';
import type { StoreItem } from '@monitor/contract/store';
import { userDevice } from '../../features/device-detail/test/fixtures';
import { reloadCartState } from '../../features/cart/lib/cart-store';
import { mockApi, type MockRoute, type RecordedCall } from '../../test/mock-api';
import { renderApp, setDesktopWidth, signInAs } from '../../test/render-app';

const SLOW = { timeout: 5000 };

const item = (ItemId: number, StoreName: string, UnitPrice: number, Weight: number): StoreItem => ({
  ItemId,
  StoreName,
  Description: `${StoreName} description`,
  UnitPrice,
  Weight,
  Active: true,
  Accessory: ItemId === 4 || ItemId === 13,
  MarcellProItem: false,
});
const ITEMS = [
  item(1, 'Cellular Monitor', 229, 16),
  item(4, 'Wireless Sensor Puck', 39, 2),
  item(13, 'Instant Update', 1.99, 0),
];

/** A cart as the store leaves it: two monitors, regular shipping to 10001 rated at $15. */
function storeCart(cart: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    'monitor.cart',
    JSON.stringify({
      version: 1,
      cart: {
        items: [{ itemId: 1, quantity: 2, weight: 16, unitPrice: 22900 }],
        taxRate: 0,
        zipCode: '10001',
        promo: null,
        shippingType: 'regularShipping',
        shippingCost: 1500,
        ...cart,
      },
      deliveryDate: '2026-11-30',
      promoCode: null,
    }),
  );
  reloadCartState();
}

const order = (extra: Partial<Order> = {}): Order => ({
  OrderId: 41,
  OrderNumber: 'MC-000041',
  Status: 'paid',
  PlacedAt: '2026-11-25T18:00:00Z',
  Email: 'buyer@example.com',
  Lines: [
    {
      ItemId: 1,
      StoreName: 'Cellular Monitor',
      Quantity: 2,
      UnitPrice: 229,
      Amount: 458,
      Serial: null,
    },
  ],
  SubTotal: 458,
  Discount: 0,
  Shipping: 15,
  Tax: 36.64,
  GrandTotal: 509.64,
  ShippingType: 'regularShipping',
  DeliveryDate: '2026-11-30',
  TrackingNumber: null,
  DiscountCode: null,
  Credited: null,
  ...extra,
});

const verified = (extra: Record<string, unknown> = {}) => ({
  body: {
    Address1: '1 MAIN ST',
    Address2: '',
    City: 'NEW YORK',
    State: 'NY',
    Zip: '10001',
    PostalCode: '10001',
    ReturnCode: 31,
    AddressCleansingResult: '',
    ...extra,
  },
});

const localToken = btoa(JSON.stringify({ version: 2, environment: 'local' }));

/** The local processor's client as its script defines it; each tokenize gives a new nonce. */
function installLocalProcessor() {
  let count = 0;
  window.localProcessor = {
    hostedFields: {
      create: vi.fn(async ({ container }: { container: HTMLElement }) => {
        const frame = document.createElement('iframe');
        frame.title = 'Card details';
        container.append(frame);
        return {
          tokenize: async () => ({
            nonce: `tokencc_${++count}`,
            details: { cardType: 'Visa', lastFour: '1111' },
          }),
          teardown: async () => frame.remove(),
        };
      }),
    },
  };
}

beforeEach(() => {
  setDesktopWidth();
  Cookies.set('tid', '2');
  installLocalProcessor();
});

afterEach(() => {
  delete window.localProcessor;
  reloadCartState();
});

function setUp({
  sale = { body: order() },
  routes = [],
}: { sale?: MockRoute['answer']; routes?: MockRoute[] } = {}) {
  const api = mockApi([
    ...routes,
    { path: '/api/items/getactive', answer: { body: ITEMS } },
    { path: '/api/sales/checkAddressValidity', answer: verified() },
    { path: '/api/sales/checkShippingAddressValidity', answer: verified() },
    {
      path: '/api/sales/calculatePostageRateEstore',
      answer: { body: { Rate: [10], DeliveryDate: '2026-11-30' } },
    },
    { path: '/api/sales/getShippingRateRegular/', answer: { body: { Multiplier: 0.5 } } },
    {
      path: '/api/taxrates/calculateSalesTax',
      answer: { body: { Tax: 36.64, TaxableAmount: 458, Rate: 0.08, HasNexus: true } },
    },
    {
      path: '/api/paymentprocessing/generateClientToken',
      answer: { body: { ClientToken: localToken } },
    },
    { method: 'POST', path: '/api/sales/', answer: sale },
  ]);
  return { ...renderApp('/cart'), api };
}

type View = ReturnType<typeof setUp>;
const sales = (api: View['api']): RecordedCall[] => api.find('POST', '/api/sales/');

async function fillBilling({ user }: View, { zip = '10001' } = {}) {
  const billing = await screen.findByRole('group', { name: 'Billing address' }, SLOW);
  await user.type(screen.getByLabelText('E-mail'), 'buyer@example.com');
  await user.type(within(billing).getByLabelText('First name'), 'Dana');
  await user.type(within(billing).getByLabelText('Last name'), 'Scully');
  await user.type(within(billing).getByLabelText('Street address'), '1 main st');
  await user.type(within(billing).getByLabelText('City'), 'new york');
  await user.type(within(billing).getByLabelText('ZIP / postal code'), zip);
  await screen.findByTitle('Card details', undefined, SLOW);
}

async function placeOrder({ user }: View) {
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  return screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
}

async function agree({ user }: View, dialog: HTMLElement) {
  await user.click(within(dialog).getByLabelText('I have read and agree to the legal terms'));
  await user.click(within(dialog).getByRole('button', { name: 'Agree and place order' }));
}

// Each journey types a whole address on a machine shared with other builds.
describe('/cart checkout', { timeout: 40_000 }, () => {
  it('orders once the legal terms are agreed, shows the order complete view and clears the cart (store-and-public-site §4 "Checkout")', async () => {
    storeCart();
    const view = setUp();
    await fillBilling(view);
    const dialog = await placeOrder(view);
    // The terms cannot be dismissed by keyboard (§2 "Modals").
    await view.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Legal terms' })).toBeInTheDocument();
    expect(sales(view.api)).toHaveLength(0);
    await agree(view, dialog);
    expect(
      await screen.findByRole('heading', { name: 'Thank you for your order' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('Order number MC-000041')).toBeInTheDocument();
    expect(screen.getByText(/sent to buyer@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Total charged \$509\.64/ })).toBeInTheDocument();
    expect(screen.getByText('Estimated delivery: Monday, November 30, 2026')).toBeInTheDocument();
    const [call] = sales(view.api);
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(call!.authorization).toBeNull();
    expect(call!.body).toMatchObject({
      items: [{ ItemId: 1, Quantity: 2 }],
      ShippingType: 'regularShipping',
      TenantId: 2,
      TermsAccepted: true,
      discountCode: null,
      tax: 36.64,
      grandTotal: 509.64,
      payer: {
        Email: 'buyer@example.com',
        Address1: '1 MAIN ST',
        City: 'NEW YORK',
        State: 'NY',
        Zip: '10001',
        ShippingZip: '10001',
        PaymentNonce: 'tokencc_1',
      },
    });
    // Tax on the subtotal after discount as one unit, shipping untaxed (decision 044).
    const [tax] = view.api.find('GET', '/api/taxrates/calculateSalesTax');
    expect(Object.fromEntries(tax!.query)).toMatchObject({
      amount: '458.00',
      quantity: '1',
      shipping: '0',
    });
    expect(JSON.parse(window.localStorage.getItem('monitor.cart')!).cart.items).toEqual([]);
  });

  it('sends one order for a double click (store-and-public-site §4; decision 046)', async () => {
    storeCart();
    const view = setUp();
    await fillBilling(view);
    const dialog = await placeOrder(view);
    await view.user.click(
      within(dialog).getByLabelText('I have read and agree to the legal terms'),
    );
    await view.user.dblClick(within(dialog).getByRole('button', { name: 'Agree and place order' }));
    await screen.findByRole('heading', { name: 'Thank you for your order' }, SLOW);
    expect(sales(view.api)).toHaveLength(1);
  });

  it('sends the same attempt again under the same Idempotency-Key when the answer was lost (decision 046)', async () => {
    storeCart();
    let attempts = 0;
    const view = setUp({
      sale: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return { body: order() };
      },
    });
    await fillBilling(view);
    await agree(view, await placeOrder(view));
    const alert = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(
      within(alert).getByText('There was an error placing your order. Please try again.'),
    ).toBeInTheDocument();
    await view.user.click(within(alert).getByRole('button', { name: 'OK' }));
    await agree(view, await placeOrder(view));
    await screen.findByRole('heading', { name: 'Thank you for your order' }, SLOW);
    const [first, second] = sales(view.api);
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
    expect(second!.body).toMatchObject({ payer: { PaymentNonce: 'tokencc_2' } });
  });

  it('shows a refused card through the payment error filter, no generic alert for a 400, and a new key next time (store-and-public-site §7, §8)', async () => {
    storeCart();
    const view = setUp({
      sale: {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'The card was not accepted.',
            processorErrors: [{ code: 15005, message: 'Declined' }],
          },
        },
      },
    });
    await fillBilling(view);
    await agree(view, await placeOrder(view));
    expect(
      await screen.findByText(
        'Card declined by bank. Please check expiration and CVV2 or try another card.',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error!' })).toBeNull();
    await agree(view, await placeOrder(view));
    await waitFor(() => expect(sales(view.api)).toHaveLength(2));
    const [first, second] = sales(view.api);
    expect(second!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
  });

  it('shows the billing verification error word for word and orders nothing (store-and-public-site §5, §8 "Address")', async () => {
    storeCart();
    const view = setUp({
      routes: [
        {
          path: '/api/sales/checkAddressValidity',
          answer: verified({ ReturnCode: 23, AddressCleansingResult: 'Street not found.' }),
        },
      ],
    });
    await fillBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Place order' }));
    const message =
      'Billing Address Verification Error : Street not found. Please re-enter your address and try again.';
    const alert = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Legal terms' })).toBeNull();
  });

  it('verifies a separate shipping address by its own variant (store-and-public-site §5, §8 "Address")', async () => {
    storeCart();
    const view = setUp({
      routes: [
        {
          path: '/api/sales/checkShippingAddressValidity',
          answer: verified({ ReturnCode: 11, AddressCleansingResult: 'No such city.' }),
        },
      ],
    });
    await fillBilling(view);
    await view.user.click(screen.getByLabelText('Same as billing address'));
    const shipping = screen.getByRole('group', { name: 'Shipping address' });
    await view.user.type(within(shipping).getByLabelText('First name'), 'Fox');
    await view.user.type(within(shipping).getByLabelText('Last name'), 'Mulder');
    await view.user.type(within(shipping).getByLabelText('Street address'), '9 elm st');
    await view.user.type(within(shipping).getByLabelText('City'), 'nowhere');
    await view.user.type(within(shipping).getByLabelText('ZIP / postal code'), '10001');
    await view.user.click(screen.getByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(
      within(alert).getByText(
        'Shipping Address Verification Error : No such city. Please re-enter your address and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('sends a Canadian address as international with the province as state (store-and-public-site §5)', async () => {
    storeCart({ zipCode: 'M5V 2T6' });
    const canadian = verified({
      Address1: '1 KING ST W',
      City: 'TORONTO',
      State: 'ON',
      Zip: 'M5V 2T6',
      PostalCode: 'M5V 2T6',
    });
    const view = setUp({
      routes: [{ path: '/api/sales/checkAddressValidity', answer: canadian }],
    });
    await fillBilling(view, { zip: 'm5v 2t6' });
    expect(screen.getByLabelText('Province', { selector: 'input' })).toBeInTheDocument();
    await agree(view, await placeOrder(view));
    await screen.findByRole('heading', { name: 'Thank you for your order' }, SLOW);
    expect(sales(view.api)[0]!.body).toMatchObject({
      payer: {
        State: 'ON',
        Province: 'ON',
        Zip: 'M5V 2T6',
        ShippingState: 'ON',
        ShippingZip: 'M5V 2T6',
      },
    });
  });

  it('asks before overnight shipping, then rates it and shows its delivery date (store-and-public-site §2 "Modals", §4)', async () => {
    storeCart();
    const view = setUp({
      routes: [
        {
          path: '/api/sales/calculatePostageRateEstore',
          answer: (call) => ({
            body: {
              Rate: [call.query.get('shippingType') === '1' ? 30 : 10],
              DeliveryDate: '2026-11-27',
            },
          }),
        },
        { path: '/api/sales/getShippingRateOvernight/', answer: { body: { Multiplier: 1 } } },
      ],
    });
    await view.user.click(await screen.findByRole('radio', { name: 'Overnight shipping' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Overnight shipping' });
    await view.user.click(within(confirm).getByRole('button', { name: 'Ship overnight' }));
    expect(
      await screen.findByText('Estimated delivery: Friday, November 27, 2026', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Overnight shipping' })).toBeChecked();
    // $30 postage + 1 × $30 (§9).
    expect(screen.getByRole('row', { name: /Shipping \$60\.00/ })).toBeInTheDocument();
    expect(
      view.api
        .find('GET', '/api/sales/calculatePostageRateEstore')
        .at(-1)!
        .query.get('shippingType'),
    ).toBe('1');
  });

  it('resets the form, the shipping choice and the totals on cancel (store-and-public-site §4 "Checkout")', async () => {
    storeCart();
    const view = setUp();
    await fillBilling(view);
    expect(screen.getByRole('radio', { name: 'Regular shipping' })).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('radio', { name: 'Regular shipping' })).not.toBeChecked();
    expect(screen.getByRole('row', { name: 'Shipping Not chosen yet' })).toBeInTheDocument();
    const billing = screen.getByRole('group', { name: 'Billing address' });
    expect(within(billing).getByLabelText('Street address')).toHaveValue('');
  });

  it('resumes the e-mail and addresses after a reload, and keeps no card data (issue #24)', async () => {
    storeCart();
    const first = setUp();
    await fillBilling(first);
    first.unmount();
    setUp();
    const billing = await screen.findByRole('group', { name: 'Billing address' }, SLOW);
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveValue('buyer@example.com'));
    expect(within(billing).getByLabelText('Street address')).toHaveValue('1 main st');
    expect(within(billing).getByLabelText('ZIP / postal code')).toHaveValue('10001');
    expect(window.sessionStorage.getItem('monitor.checkout')).not.toMatch(/card|nonce|cvv/i);
  });

  it('asks before leaving the checkout with entries, in the app and on a reload (issue #24)', async () => {
    storeCart();
    const view = setUp();
    await fillBilling(view);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    act(() => void view.router.navigate('/store'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without finishing?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(view.location().pathname).toBe('/cart');
  });

  it('says shipping is not chosen yet and tax needs the address, rather than $0.00 (issue #24)', async () => {
    storeCart({ zipCode: null, shippingType: null, shippingCost: 0 });
    setUp();
    expect(
      await screen.findByRole('row', { name: 'Shipping Not chosen yet' }, SLOW),
    ).toBeInTheDocument();
    // Nor a $0.00 tax before there is an address to ask about.
    expect(screen.getByRole('row', { name: 'Sales tax Needs your address' })).toBeInTheDocument();
  });

  it('estimates the sales tax from the typed address, and the terms open on the total charged (store-and-public-site §4 "Tax"; issue #24)', async () => {
    storeCart();
    const view = setUp();
    await fillBilling(view);
    expect(
      await screen.findByRole('row', { name: 'Sales tax (estimated) $36.64' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Total $509.64' })).toBeInTheDocument();
    const dialog = await placeOrder(view);
    expect(within(dialog).getByText('$509.64')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Sales tax $36.64' })).toBeInTheDocument();
  });

  it('names the address the order ships to and the promotion used on the order complete view (issue #24)', async () => {
    storeCart();
    const view = setUp({ sale: { body: order({ DiscountCode: 'SAVE10' }) } });
    await fillBilling(view);
    await agree(view, await placeOrder(view));
    expect(
      await screen.findByText('Promotion SAVE10 applied.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('Ships to 1 MAIN ST, NEW YORK, NY 10001')).toBeInTheDocument();
  });

  describe('the billing address remembered (issue #24 item 7, store-and-public-site §2 "Cart and checkout page")', () => {
    const DEFAULT_ADDRESS = {
      Id: 9,
      UserId: 7,
      Default: true,
      FirstName: 'Ellen',
      LastName: 'Ripley',
      Address1: '1 MAIN ST',
      Address2: null,
      City: 'NEW YORK',
      State: 'NY',
      Zip: '10001',
      PhoneNumber: null,
    };
    const consent = () => screen.queryByRole('checkbox', { name: 'Save as my billing address' });

    it("starts a signed-in buyer's billing address from their default one, with no box to save it", async () => {
      signInAs();
      storeCart();
      setUp({ routes: [{ path: '/api/billingaddresses', answer: { body: [DEFAULT_ADDRESS] } }] });
      const billing = await screen.findByRole('group', { name: 'Billing address' }, SLOW);
      expect(within(billing).getByLabelText('Street address')).toHaveValue('1 MAIN ST');
      expect(within(billing).getByLabelText('City')).toHaveValue('NEW YORK');
      expect(within(billing).getByLabelText('ZIP / postal code')).toHaveValue('10001');
      expect(consent()).toBeNull();
    });

    it('saves the verified billing address as the default after the order of a signed-in buyer who has none', async () => {
      signInAs();
      storeCart();
      const view = setUp({
        routes: [
          { path: '/api/billingaddresses', answer: { body: [] } },
          {
            method: 'POST',
            path: '/api/billingaddresses',
            answer: (call) => ({ body: { ...DEFAULT_ADDRESS, ...(call.body as object) } }),
          },
        ],
      });
      const billing = await screen.findByRole('group', { name: 'Billing address' }, SLOW);
      expect(consent()).toBeChecked();
      await view.user.type(within(billing).getByLabelText('Street address'), '1 main st');
      await view.user.type(within(billing).getByLabelText('City'), 'new york');
      await view.user.type(within(billing).getByLabelText('ZIP / postal code'), '10001');
      await screen.findByTitle('Card details', undefined, SLOW);
      await agree(view, await placeOrder(view));
      await screen.findByRole('heading', { name: 'Thank you for your order' }, SLOW);
      await waitFor(() => expect(view.api.find('POST', '/api/billingaddresses')).toHaveLength(1));
      expect(view.api.find('POST', '/api/billingaddresses')[0]!.body).toMatchObject({
        UserId: 7,
        Default: true,
        Address1: '1 MAIN ST',
        City: 'NEW YORK',
        State: 'NY',
        Zip: '10001',
      });
      // No emptied draft is kept to cover the default at the next checkout.
      expect(window.sessionStorage.getItem('monitor.checkout')).toBeNull();
    });

    it('offers a guest no box and saves nothing', async () => {
      storeCart();
      const view = setUp();
      await fillBilling(view);
      expect(consent()).toBeNull();
      expect(view.api.find('GET', '/api/billingaddresses')).toHaveLength(0);
    });
  });

  it('credits instant updates to the chosen device, ships nothing, and goes to /devices after 3 seconds (store-and-public-site §4, §9)', async () => {
    signInAs();
    storeCart({
      items: [{ itemId: 13, quantity: 5, weight: 0, unitPrice: 199 }],
      zipCode: null,
      shippingType: 'none',
      shippingCost: 0,
    });
    const view = setUp({
      sale: {
        body: order({
          Lines: [
            {
              ItemId: 13,
              StoreName: 'Instant Update',
              Quantity: 5,
              UnitPrice: 1.99,
              Amount: 9.95,
              Serial: null,
            },
          ],
          ShippingType: 'none',
          DeliveryDate: null,
          Credited: { UserDeviceId: 12, InstantUpdates: 8, PetMonitor: false },
        }),
      },
      routes: [
        {
          path: '/api/users/7/devices',
          answer: { body: [userDevice({ Id: 12, Name: 'Cabin', SerialNumber: 'AB12' })] },
        },
        { path: '/api/billingaddresses', answer: { body: [] } },
      ],
    });
    expect(
      await screen.findByText(
        'Nothing in this cart is shipped: it is credited to your device.',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Shipping address' })).toBeNull();
    await view.user.click(screen.getByLabelText('Device to credit', { selector: 'input' }));
    await view.user.click(await screen.findByRole('option', { name: 'Cabin (AB12)' }));
    const billing = screen.getByRole('group', { name: 'Billing address' });
    await view.user.type(within(billing).getByLabelText('Street address'), '1 main st');
    await view.user.type(within(billing).getByLabelText('City'), 'new york');
    await view.user.type(within(billing).getByLabelText('ZIP / postal code'), '10001');
    await screen.findByTitle('Card details', undefined, SLOW);
    const dialog = await placeOrder(view);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await agree(view, dialog);
    expect(
      await screen.findByText('Taking you to your devices…', undefined, SLOW),
    ).toBeInTheDocument();
    expect(sales(view.api)[0]!.body).toMatchObject({ ShippingType: 'none', UserDeviceId: 12 });
    expect(sales(view.api)[0]!.authorization).toBe('Bearer token-1');
    expect(view.location().pathname).toBe('/cart');
    act(() => void vi.advanceTimersByTime(3000));
    await waitFor(() => expect(view.location().pathname).toBe('/devices'));
  });
});
