import { useEffect, useState } from 'react';
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CartPanel } from '../../features/cart/components/cart-panel';
import { useCart } from '../../features/cart/hooks/use-cart';
import { useActiveItems } from '../../features/store/api/get-active-items';
import { StoreCatalogue } from '../../features/store/components/store-catalogue';
import {
  hasOwnStore,
  readStoreSection,
  toCartItem,
} from '../../features/store/lib/store-catalogue';
import { useBrand } from '../../lib/brand-context';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /store (store-and-public-site §2 "Store page"): the catalogue beside the cart. `?section=devices`
 * (a landing page's go-to-store) or `accessories` opens that section; `?checkout=complete` clears
 * the cart (§2) and is then taken off the address.
 */
export function StorePage() {
  usePageTitle('Store');
  const cart = useCart();
  const items = useActiveItems({ enabled: hasOwnStore(useBrand()) });
  const [params, setParams] = useSearchParams();
  const [isCheckoutShown, setIsCheckoutShown] = useState(false);
  const isCheckoutComplete = params.get('checkout') === 'complete';
  const { clear } = cart;

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

  const names = new Map((items.data ?? []).map((item) => [item.ItemId, item.StoreName]));
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <StoreCatalogue
        section={readStoreSection(params.get('section'))}
        onAdd={(item, quantity) => {
          const isAdded = cart.add(toCartItem(item, quantity));
          // §4: adding to the cart resets the checkout display.
          if (isAdded) setIsCheckoutShown(false);
          return isAdded;
        }}
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
