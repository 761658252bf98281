import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreItem } from '@monitor/contract/store';
import { errorAnswer, mockApi, type MockRoute } from '../../test/mock-api';
import { stubMatchMedia } from '../../test/media';
import { renderApp } from '../../test/render-app';
import type * as UseCartModule from '../../features/cart/hooks/use-cart';

// The cart belongs to features/cart (web-store); the landings reach it through this hook only.
// Its two calls are spied on; the rest is the real cart, which the /cart page reads.
const cart = vi.hoisted(() => ({ add: vi.fn(() => true), rememberPromoCode: vi.fn() }));
vi.mock('../../features/cart/hooks/use-cart', async (importOriginal) => {
  const actual = await importOriginal<typeof UseCartModule>();
  return { useCart: () => ({ ...actual.useCart(), ...cart }) };
});

const SLOW = { timeout: 5000 };
const REFERRAL = '/api/promotions/getReferralPromo';

const item = (ItemId: number, extra: Partial<StoreItem> = {}): StoreItem => ({
  ItemId,
  StoreName: `Item ${ItemId}`,
  Description: `Description of item ${ItemId}`,
  UnitPrice: 229,
  Weight: 16,
  Active: true,
  Accessory: false,
  MarcellProItem: false,
  ...extra,
});

const ITEMS = [
  item(1, { StoreName: 'Monitor', UnitPrice: 229, Weight: 18 }),
  item(4, { StoreName: 'Sensor puck', Accessory: true, UnitPrice: 49 }),
  item(19, { StoreName: 'Professional monitor', UnitPrice: 349, MarcellProItem: true }),
  item(21, { StoreName: 'Professional bundle', UnitPrice: 449, MarcellProItem: true }),
];
const itemsRoute: MockRoute = { path: '/api/items/getactive', answer: { body: ITEMS } };

const referral = (answer: Record<string, unknown>): MockRoute => ({
  path: REFERRAL,
  answer: {
    body: { PromotionId: 12, PromoCode: 'SUN', ExpiryDate: null, DevicePrice: 174, ...answer },
  },
});

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });

beforeEach(() => {
  cart.add.mockClear();
  cart.rememberPromoCode.mockClear();
});
afterEach(() => scrollTo(0));

describe('the promotion landing, /promotions?pid=', () => {
  it('shows the code’s device price with claim-discount and go-to-store (store-and-public-site §2, §9)', async () => {
    const api = mockApi([referral({ PromoCode: 'SUN', DevicePrice: 174 }), itemsRoute]);
    renderApp('/promotions?pid=sun');
    expect(
      await screen.findByRole('heading', { level: 1, name: /monitor for \$174\.00/ }, SLOW),
    ).toBeInTheDocument();
    expect(api.find('GET', REFERRAL)[0]!.query.get('promoCode')).toBe('sun');
    expect(await screen.findByText(/you save \$55\.00/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Go to store' })[0]).toHaveAttribute(
      'href',
      '/store?section=devices',
    );
  });

  it('uses the §9 price of the code when the answer has no DevicePrice (store-and-public-site §9)', async () => {
    mockApi([referral({ PromoCode: 'CLVG', DevicePrice: null }), itemsRoute]);
    renderApp('/promotions?pid=CLVG');
    expect(
      await screen.findByRole('heading', { level: 1, name: /monitor for \$199\.00/ }, SLOW),
    ).toBeInTheDocument();
  });

  it('claims the discount: item 1 at the referral price, the code kept, then the cart (store-and-public-site §2)', async () => {
    mockApi([referral({ PromoCode: 'SUN', DevicePrice: 174 }), itemsRoute]);
    const { user, location } = renderApp('/promotions?pid=SUN');
    const [claim] = await screen.findAllByRole('button', { name: 'Claim discount' }, SLOW);
    await user.click(claim!);
    await vi.waitFor(() => expect(location().pathname).toBe('/cart'));
    expect(cart.add).toHaveBeenCalledWith({ itemId: 1, quantity: 1, weight: 18, unitPrice: 17400 });
    expect(cart.rememberPromoCode).toHaveBeenCalledWith('SUN');
  });

  it('opens the store at its device section from go-to-store (store-and-public-site §2)', async () => {
    mockApi([referral({}), itemsRoute]);
    const { user, location } = renderApp('/promotions?pid=SUN');
    const [goToStore] = await screen.findAllByRole('link', { name: 'Go to store' }, SLOW);
    await user.click(goToStore!);
    expect(location().pathname).toBe('/store');
    expect(location().search).toBe('?section=devices');
  });

  it('shows the scroll banner only after 500 px of scrolling (store-and-public-site §2)', async () => {
    mockApi([referral({}), itemsRoute]);
    renderApp('/promotions?pid=SUN');
    await screen.findByRole('heading', { level: 1 }, SLOW);
    expect(screen.queryByRole('region', { name: 'Promotion reminder' })).not.toBeInTheDocument();
    scrollTo(500);
    expect(screen.queryByRole('region', { name: 'Promotion reminder' })).not.toBeInTheDocument();
    scrollTo(501);
    const banner = screen.getByRole('region', { name: 'Promotion reminder' });
    expect(banner).toHaveTextContent('$174.00 with code SUN');
    expect(within(banner).getByRole('button', { name: 'Claim discount' })).toBeInTheDocument();
    scrollTo(120);
    expect(screen.queryByRole('region', { name: 'Promotion reminder' })).not.toBeInTheDocument();
  });

  it.each([
    ['a phone (up to 767 px)', true],
    ['a wider screen', false],
  ])(
    'lays the offer out for %s (store-and-public-site §2 "Landing pages")',
    async (_screen, isPhone) => {
      stubMatchMedia((query) => isPhone && query === '(max-width: 767px)');
      mockApi([referral({}), itemsRoute]);
      renderApp('/promotions?pid=SUN');
      await screen.findByRole('heading', { level: 1 }, SLOW);
      scrollTo(800);
      const banner = screen.getByRole('region', { name: 'Promotion reminder' });
      // A phone gets the full-width button under the text; a wider screen keeps them on one line.
      const button = within(banner).getByRole('button', { name: 'Claim discount' });
      expect(button.hasAttribute('data-block')).toBe(isPhone);
    },
  );

  it('has 13 expandable questions, all closed until opened (store-and-public-site §2)', async () => {
    mockApi([referral({}), itemsRoute]);
    const { user } = renderApp('/promotions?pid=SUN');
    const faq = await screen.findByRole('heading', { name: 'Frequently asked questions' }, SLOW);
    const section = faq.closest('section')!;
    const questions = within(section).getAllByRole('button');
    expect(questions).toHaveLength(13);
    for (const question of questions) expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(
      within(section).getByRole('button', { name: 'How much is the monitoring plan?' }),
    );
    expect(
      within(section).getByRole('button', { name: 'How much is the monitoring plan?' }),
    ).toHaveAttribute('aria-expanded', 'true');
    expect(await within(section).findByText(/as low as \$8\.25 per month/)).toBeVisible();
  });

  it.each([
    ['an expired code', referral({ ExpiryDate: '2020-01-31' }), 'Sorry, promotion has expired'],
    [
      'an unknown code',
      referral({ PromotionId: null }),
      'Sorry, invalid Promotion Code! Please check your URL and try again!',
    ],
    [
      'a failed lookup',
      { path: REFERRAL, answer: errorAnswer(500, 'boom') },
      'Sorry - there was an error processing your request.',
    ],
  ] as [string, MockRoute, string][])(
    'sends %s home with its alert (store-and-public-site §4 "Landing promotion", §8)',
    async (_case, route, message) => {
      mockApi([route, itemsRoute]);
      const { location } = renderApp('/promotions?pid=OLD');
      const dialog = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
      expect(dialog).toHaveTextContent(message);
      await vi.waitFor(() => expect(location().pathname).toBe('/'));
      expect(location().search).toBe('');
    },
  );

  it('goes home without a pid, asking nothing (store-and-public-site §2)', async () => {
    const api = mockApi([itemsRoute]);
    const { location } = renderApp('/promotions');
    await vi.waitFor(() => expect(location().pathname).toBe('/'));
    expect(api.find('GET', REFERRAL)).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Error!' })).not.toBeInTheDocument();
  });
});

describe('the other landings', () => {
  it('shows the generic landing at /promotion, without a promotion (store-and-public-site §2)', async () => {
    const api = mockApi([itemsRoute]);
    renderApp('/promotion');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Know the moment/ }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop the monitor' })).toHaveAttribute(
      'href',
      '/store?section=devices',
    );
    expect(api.find('GET', REFERRAL)).toHaveLength(0);
  });

  it('lists the MarcellProItem items on the professional-line landing and adds one to the cart (store-and-public-site §2, §3)', async () => {
    mockApi([itemsRoute]);
    const { user, location } = renderApp('/marcell-pro');
    expect(
      await screen.findByRole('heading', { name: 'Professional monitor' }, SLOW),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Professional bundle' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Monitor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sensor puck' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Professional bundle to cart' }));
    expect(cart.add).toHaveBeenCalledWith({
      itemId: 21,
      quantity: 1,
      weight: 16,
      unitPrice: 44900,
    });
    expect(cart.rememberPromoCode).not.toHaveBeenCalled();
    expect(location().pathname).toBe('/cart');
  });

  it('says so when the professional line cannot be loaded (store-and-public-site §8)', async () => {
    mockApi([{ path: '/api/items/getactive', answer: errorAnswer(500, 'down') }]);
    renderApp('/marcell-pro');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'Error loading items, have any been added?',
    );
  });
});
