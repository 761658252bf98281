import { useId, useState } from 'react';
import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { StoreItem } from '@monitor/contract/store';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@monitor/domain/store/cart';
import { ProductIllustration } from './product-illustration';

const QUANTITIES = Array.from({ length: CART_QUANTITY_MAX - CART_QUANTITY_MIN + 1 }, (_, index) =>
  String(CART_QUANTITY_MIN + index),
);

/**
 * One product (store-and-public-site §2 "Store page"): its picture, name, description and price,
 * a quantity from 1 to 10 and the add-to-cart button. The card is an article named by its title,
 * so a screen reader lists the products and each button says which product it adds.
 */
export function ProductCard({
  item,
  onAdd,
}: {
  item: StoreItem;
  /** Answers whether the cart took it (a refusal shows its own alert). */
  onAdd: (item: StoreItem, quantity: number) => boolean;
}) {
  const [quantity, setQuantity] = useState(1);
  const [isAdded, setIsAdded] = useState(false);
  const titleId = useId();
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={titleId}
      h="100%"
    >
      <Card.Section bg="gray.0" py="sm">
        <ProductIllustration itemId={item.ItemId} isAccessory={item.Accessory} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={3} size="h4" id={titleId}>
          {item.StoreName}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {item.Description}
        </Text>
        <Text fw={700} size="lg">
          {formatCents(dollarsToCents(item.UnitPrice))}
        </Text>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <NativeSelect
            label="Quantity"
            data={QUANTITIES}
            value={String(quantity)}
            onChange={(event) => {
              setQuantity(Number(event.currentTarget.value));
              setIsAdded(false);
            }}
            w={90}
          />
          <Button
            style={{ flex: 1 }}
            aria-label={`Add ${item.StoreName} to cart`}
            onClick={() => setIsAdded(onAdd(item, quantity))}
          >
            Add to cart
          </Button>
        </Group>
        <Text size="sm" c="teal.9" role="status" mih={20}>
          {isAdded ? 'Added to your cart.' : ''}
        </Text>
      </Stack>
    </Card>
  );
}
