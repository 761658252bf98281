import { useId, useRef, useState } from 'react';
import {
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { StoreItem } from '@monitor/contract/store';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, type LineRoom } from '@monitor/domain/store/cart';
import { useBrandMessage } from '../../../lib/brand-context';
import { describeLineLimit, type StoreAddAnswer } from '../lib/line-limit';
import { ProductIllustration } from './product-illustration';
import { HydrationGate } from '../../../components/ui/hydration-gate';

const QUANTITIES = Array.from({ length: CART_QUANTITY_MAX - CART_QUANTITY_MIN + 1 }, (_, index) =>
  String(CART_QUANTITY_MIN + index),
);

/**
 * One product (store-and-public-site §2 "Store page"): its picture, name, description and price,
 * a quantity from 1 to 10 and the add-to-cart button. The card is an article named by its title,
 * so a screen reader lists the products and each button says which product it adds. An add that
 * would take the cart's line past 10 is said under the button, where the customer is (issue #24).
 */
export function ProductCard({
  item,
  onAdd,
}: {
  item: StoreItem;
  /** Answers whether the cart took it; a refusal other than the line's limit shows its own alert. */
  onAdd: (item: StoreItem, quantity: number) => StoreAddAnswer;
}) {
  const quantity = useRef<HTMLSelectElement>(null);
  const [isAdded, setIsAdded] = useState(false);
  const [lineRoom, setLineRoom] = useState<LineRoom | null>(null);
  const fill = useBrandMessage();
  const titleId = useId();
  const limitId = useId();
  // React's id, the same in the server's markup: Mantine's own replaces its id after mounting,
  // which redraws the field and changes its attributes as the page is taken over (issue #25).
  const quantityId = useId();
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
          {/* Uncontrolled: a quantity chosen on the server's page before its code ran is kept as
              chosen when React takes the markup over (decision 071), with no gate; a gate's
              enabling makes the browser revisit each of the select's options. */}
          <NativeSelect
            ref={quantity}
            id={quantityId}
            label="Quantity"
            data={QUANTITIES}
            defaultValue={QUANTITIES[0]}
            onChange={() => {
              setIsAdded(false);
              setLineRoom(null);
            }}
            w={90}
          />
          <HydrationGate>
            <Button
              style={{ flex: 1 }}
              // Mantine's select keeps aria-describedby for its own description; the button says it.
              aria-describedby={lineRoom ? limitId : undefined}
              onClick={() => {
                const answer = onAdd(item, Number(quantity.current?.value ?? CART_QUANTITY_MIN));
                setIsAdded(answer.isAdded);
                setLineRoom(answer.lineRoom);
              }}
            >
              {/* The name read out holds the visible words (axe's label-content-name-mismatch): one
                span, as the button's label lays its children out as flex items. */}
              <span>
                Add <VisuallyHidden>{item.StoreName}</VisuallyHidden> to cart
              </span>
            </Button>
          </HydrationGate>
        </Group>
        {lineRoom && (
          <Text id={limitId} size="sm" c="red.8" role="alert">
            {fill(describeLineLimit(item.StoreName, lineRoom))}
          </Text>
        )}
        <Text size="sm" c="teal.9" role="status" mih={20}>
          {isAdded ? 'Added to your cart.' : ''}
        </Text>
      </Stack>
    </Card>
  );
}
