import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Card, Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { isDeviceCreditItem } from '@monitor/domain/store/store-items';
import { CartLines } from '../../features/cart/components/cart-lines';
import { CartPanel } from '../../features/cart/components/cart-panel';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { DeliveryMethodChoice } from '../../features/cart/components/delivery-method-choice';
import { PromoCodeEntry } from '../../features/cart/components/promo-code-entry';
import { useCart } from '../../features/cart/hooks/use-cart';
import { getUserDevicesQueryOptions } from '../../features/devices/api/get-user-devices';
import { useActiveItems } from '../../features/store/api/get-active-items';
import type { StoreItem } from '@monitor/contract/store';
import { StoreCatalogue } from '../../features/store/components/store-catalogue';
import type { StoreAddAnswer } from '../../features/store/lib/line-limit';
import {
  hasOwnStore,
  readAddFromAddress,
  readStoreSection,
  storeSectionsFor,
  toCartItem,
} from '../../features/store/lib/store-catalogue';
import { useBrand } from '../../lib/brand-context';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { PageLoader } from '../../components/ui/page-loader';

// The checkout (its forms, address checks and card fields) loads with the cart page, not with the
// store, whose page the server draws: a phone runs less code before it can take the store over
// (issue #25).
const Checkout = lazy(() =>
  import('../../features/checkout/components/checkout').then((m) => ({ default: m.Checkout })),
);

/*
 * The store's two pages in one module: the route table loads it from one place, so the sign-in
 * download carries its list of chunks once (bench/web, 150 kB gzip).
 */

/** The names of the items on sale, for the cart's lines (the cart keeps only ids). */
function useItemNames() {
  const items = useActiveItems({ enabled: hasOwnStore(useBrand()) });
  return new Map((items.data ?? []).map((item) => [item.ItemId, item.StoreName]));
}
/**
 * The add a store card's form asked for by the address (`?add=&quantity=`), pressed before the
 * page's code had come (decision 071): made once the items are here, then taken off the address,
 * so a reload does not add it again. An item or quantity the store does not offer adds nothing.
 */
function useAddFromAddress(add: (item: StoreItem, quantity: number) => StoreAddAnswer) {
  const brand = useBrand();
  const items = useActiveItems({ enabled: hasOwnStore(brand) });
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const [added, setAdded] = useState<{ itemId: number; answer: StoreAddAnswer } | null>(null);
  // The address the add was made for: an effect may run twice for one address (React's strict mode).
  const madeFor = useRef<string | null>(null);
  const isAsked = params.has('add');

  useEffect(() => {
    if (!isAsked || !items.data || madeFor.current === key) return;
    madeFor.current = key;
    const { devices, accessories } = storeSectionsFor(items.data, brand);
    const wanted = readAddFromAddress(params, [...devices, ...accessories]);
    // The add changes the cart, which lives outside React; its answer is the card's to say.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (wanted) setAdded({ itemId: wanted.item.ItemId, answer: add(wanted.item, wanted.quantity) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('add');
        next.delete('quantity');
        return next;
      },
      // The card's button has the focus and the customer's eye: the page stays where it is.
      { replace: true, preventScrollReset: true },
    );
  }, [isAsked, items.data, key, brand, params, setParams, add]);
  return added;
}

/**
 * /store (store-and-public-site §2 "Store page"): the catalogue beside the cart. `?section=devices`
 * (a landing page's go-to-store) or `accessories` opens that section; `?checkout=complete` clears
 * the cart (§2) and is then taken off the address; `?add=&quantity=` adds to it (a card pressed
 * before the code came).
 */
export function StorePage() {
  usePageTitle('Store');
  const cart = useCart();
  const names = useItemNames();
  const [params, setParams] = useSearchParams();
  const [isCheckoutShown, setIsCheckoutShown] = useState(false);
  const isCheckoutComplete = params.get('checkout') === 'complete';
  const { clear, addWithinLimit } = cart;
  const add = (item: StoreItem, quantity: number) => {
    const answer = addWithinLimit(toCartItem(item, quantity));
    // §4: adding to the cart resets the checkout display.
    if (answer.isAdded) setIsCheckoutShown(false);
    return answer;
  };
  const addedFromAddress = useAddFromAddress(add);

  useEffect(() => {
    if (!isCheckoutComplete) return;
    clear();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [isCheckoutComplete, clear, setParams]);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <StoreCatalogue
        section={readStoreSection(params.get('section'))}
        onAdd={add}
        addedFromAddress={addedFromAddress}
        cart={
          <CartPanel
            cart={cart}
            names={names}
            isCheckoutShown={isCheckoutShown}
            onShowCheckout={() => setIsCheckoutShown(true)}
          />
        }
      />
    </Container>
  );
}

/**
 * /cart and /cart/ (store-and-public-site §2 "Cart and checkout page"): the cart's lines, delivery
 * method, promo code and summary (features/cart) inside the checkout (features/checkout); a
 * signed-in buyer's devices for instant updates and the pet monitor upgrade.
 */
export function CartPage() {
  usePageTitle('Cart and checkout');
  const cart = useCart();
  const session = useSession();
  const names = useItemNames();
  const buyer = session.loggedIn ? session.user : null;
  const isDeviceCredit = cart.cart.items.some((line) => isDeviceCreditItem(line.itemId));
  const devices = useQuery({
    ...getUserDevicesQueryOptions(buyer?.Id ?? 0),
    enabled: buyer !== null && isDeviceCredit,
  });
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Suspense fallback={<PageLoader />}>
        <Checkout
          cart={cart}
          buyer={buyer}
          devices={buyer ? (devices.data ?? []) : []}
          cartEditor={({ taxStatus }) => (
            <Card withBorder radius="md" padding="md">
              <Stack gap="md">
                <CartLines cart={cart} names={names} />
                <DeliveryMethodChoice cart={cart} />
                <PromoCodeEntry cart={cart} />
                <CartSummary
                  totals={cart.totals}
                  shippingType={cart.cart.shippingType}
                  taxStatus={taxStatus}
                />
              </Stack>
            </Card>
          )}
        />
      </Suspense>
    </Container>
  );
}
