import { Card, Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isDeviceCreditItem } from '@monitor/domain/store/store-items';
import { CartLines } from '../../features/cart/components/cart-lines';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { DeliveryMethodChoice } from '../../features/cart/components/delivery-method-choice';
import { PromoCodeEntry } from '../../features/cart/components/promo-code-entry';
import { useCart } from '../../features/cart/hooks/use-cart';
import { Checkout } from '../../features/checkout/components/checkout';
import { getUserDevicesQueryOptions } from '../../features/devices/api/get-user-devices';
import { useActiveItems } from '../../features/store/api/get-active-items';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /cart and /cart/ (store-and-public-site §2 "Cart and checkout page"): the cart's lines, delivery
 * method, promo code and summary (features/cart) inside the checkout (features/checkout); a
 * signed-in buyer's devices for instant updates and the pet monitor upgrade.
 */
export function CartPage() {
  usePageTitle('Cart and checkout');
  const cart = useCart();
  const session = useSession();
  const items = useActiveItems();
  const names = new Map((items.data ?? []).map((item) => [item.ItemId, item.StoreName]));
  const buyer = session.loggedIn ? session.user : null;
  const isDeviceCredit = cart.cart.items.some((line) => isDeviceCreditItem(line.itemId));
  const devices = useQuery({
    ...getUserDevicesQueryOptions(buyer?.Id ?? 0),
    enabled: buyer !== null && isDeviceCredit,
  });
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Checkout
        cart={cart}
        buyer={buyer}
        devices={buyer ? (devices.data ?? []) : []}
        cartEditor={
          <Card withBorder radius="md" padding="md">
            <Stack gap="md">
              <CartLines cart={cart} names={names} />
              <DeliveryMethodChoice cart={cart} />
              <PromoCodeEntry cart={cart} />
              <CartSummary totals={cart.totals} />
            </Stack>
          </Card>
        }
      />
    </Container>
  );
}
