import { Badge, Button, Card, Divider, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { countCartUnits } from '@monitor/domain/store/cart';
import type { UseCart } from '../hooks/use-cart';
import { CartLines, type ItemNames } from './cart-lines';
import { CartSummary } from './cart-summary';
import { DeliveryMethodChoice } from './delivery-method-choice';
import { PromoCodeEntry } from './promo-code-entry';

/**
 * The store page's cart (store-and-public-site §2 "Store page"): the lines, then on request the
 * checkout summary (delivery method, promo code, totals) and the way to the cart page. Adding to
 * the cart closes the summary again (§4 "Adding to the cart resets the checkout display").
 */
export function CartPanel({
  cart,
  names,
  isCheckoutShown,
  onShowCheckout,
}: {
  cart: UseCart;
  names: ItemNames;
  isCheckoutShown: boolean;
  onShowCheckout: () => void;
}) {
  const units = countCartUnits(cart.cart.items);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Your cart
          </Title>
          <Badge variant="light">
            {units} {units === 1 ? 'item' : 'items'}
          </Badge>
        </Group>
        <CartLines cart={cart} names={names} />
        {cart.cart.items.length > 0 && !isCheckoutShown && (
          <Button onClick={onShowCheckout}>Check out</Button>
        )}
        {cart.cart.items.length > 0 && isCheckoutShown && (
          <Stack gap="md">
            <Divider />
            <DeliveryMethodChoice cart={cart} />
            <PromoCodeEntry cart={cart} />
            <CartSummary
              totals={cart.totals}
              shippingType={cart.cart.shippingType}
              // The tax is asked at the checkout's address; a rate kept from there is an estimate.
              taxStatus={cart.cart.taxRate > 0 ? 'estimated' : 'awaitingAddress'}
            />
            <Button component={Link} to="/cart">
              Continue to checkout
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
