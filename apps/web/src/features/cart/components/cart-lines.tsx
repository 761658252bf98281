import { Button, Group, Stack, Text } from '@mantine/core';
import { formatCents, multiplyCents } from '@monitor/domain/shared/money';
import type { UseCart } from '../hooks/use-cart';
import { QuantitySelect } from './quantity-select';

/** The store's names of the cart's items, by ItemId (the cart itself keeps only ids). */
export type ItemNames = ReadonlyMap<number, string>;

export const itemName = (names: ItemNames, itemId: number) => names.get(itemId) ?? `Item ${itemId}`;

/**
 * The cart's lines (store-and-public-site §2 "Cart and checkout page"): each with its quantity
 * (1 to 10; a change unselects the delivery method, §4), price, amount and a remove button.
 */
export function CartLines({
  cart,
  names,
  disabled,
}: {
  cart: UseCart;
  names: ItemNames;
  disabled?: boolean;
}) {
  if (cart.items.length === 0) {
    return <Text c="dimmed">Your cart is empty.</Text>;
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Cart">
      {cart.items.map((line) => {
        const name = itemName(names, line.itemId);
        return (
          <Group
            component="li"
            key={line.itemId}
            justify="space-between"
            align="flex-end"
            wrap="wrap"
            gap="sm"
          >
            <Stack gap={2} style={{ flex: '1 1 180px' }}>
              <Text fw={600}>{name}</Text>
              <Text size="sm" c="dimmed">
                {formatCents(line.unitPrice)} each
              </Text>
            </Stack>
            <QuantitySelect
              label="Quantity"
              accessibleLabel={`Quantity of ${name}`}
              value={line.quantity}
              onChange={(quantity) => cart.changeQuantity(line.itemId, quantity)}
              disabled={disabled}
            />
            <Text fw={600} w={90} ta="right">
              {formatCents(multiplyCents(line.unitPrice, line.quantity))}
            </Text>
            <Button
              variant="subtle"
              color="red"
              onClick={() => cart.remove(line.itemId)}
              disabled={disabled}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}
