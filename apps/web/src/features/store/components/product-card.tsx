import { useEffect, useId, useRef, useState } from 'react';
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
import { useSearchParams } from 'react-router';
import type { StoreItem } from '@monitor/contract/store';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@monitor/domain/store/cart';
import { useBrandMessage } from '../../../lib/brand-context';
import { describeLineLimit, type StoreAddAnswer } from '../lib/line-limit';
import { ProductIllustration } from './product-illustration';

const QUANTITIES = Array.from({ length: CART_QUANTITY_MAX - CART_QUANTITY_MIN + 1 }, (_, index) =>
  String(CART_QUANTITY_MIN + index),
);

/**
 * One product (store-and-public-site §2 "Store page"): its picture, name, description and price,
 * a quantity from 1 to 10 and the add-to-cart button. The card is an article named by its title,
 * so a screen reader lists the products and each button says which product it adds. An add that
 * would take the cart's line past 10 is said under the button, where the customer is (issue #24).
 *
 * The quantity and the button are a form that works before the page's code has come (decision
 * 071): pressed then, it asks for `/store?add=<id>&quantity=<n>`, which the store page adds once
 * its code runs, saying so on this card (`addedFromAddress`). Once the code is here the add is
 * made in place. Nothing waits behind a disabled gate, whose enabling was the store's longest
 * task as a phone took the page over (issue #25).
 */
export function ProductCard({
  item,
  onAdd,
  addedFromAddress,
}: {
  item: StoreItem;
  /** Answers whether the cart took it; a refusal other than the line's limit shows its own alert. */
  onAdd: (item: StoreItem, quantity: number) => StoreAddAnswer;
  /** The cart's answer to this card's add made from the store's address, once it is made. */
  addedFromAddress?: StoreAddAnswer;
}) {
  const quantity = useRef<HTMLSelectElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The cart's answer to this card's last add, said under its button until the quantity changes.
  const [answer, setAnswer] = useState<StoreAddAnswer | null>(null);
  // An add made from the address comes after the card is drawn: it becomes the card's answer.
  const [fromAddress, setFromAddress] = useState<StoreAddAnswer>();
  if (addedFromAddress !== fromAddress) {
    setFromAddress(addedFromAddress);
    if (addedFromAddress) setAnswer(addedFromAddress);
  }
  useEffect(() => {
    // The page was loaded again: the customer's place is where they pressed.
    if (addedFromAddress) button.current?.focus();
  }, [addedFromAddress]);
  const lineRoom = answer?.lineRoom ?? null;
  const fill = useBrandMessage();
  // The brand the address named, which the page's code would otherwise have remembered.
  const tenant = useSearchParams()[0].get('tid');
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
        <form
          method="get"
          action="/store"
          onSubmit={(event) => {
            event.preventDefault();
            setAnswer(onAdd(item, Number(quantity.current?.value ?? CART_QUANTITY_MIN)));
          }}
        >
          <input type="hidden" name="add" value={item.ItemId} />
          {tenant !== null && <input type="hidden" name="tid" value={tenant} />}
          <Group align="flex-end" gap="sm" wrap="nowrap">
            {/* Uncontrolled: a quantity chosen on the server's page before its code ran is kept as
                chosen when React takes the markup over, and sent by the form if pressed then. */}
            <NativeSelect
              ref={quantity}
              id={quantityId}
              name="quantity"
              label="Quantity"
              data={QUANTITIES}
              defaultValue={QUANTITIES[0]}
              onChange={() => setAnswer(null)}
              w={90}
            />
            <Button
              ref={button}
              type="submit"
              style={{ flex: 1 }}
              // Mantine's select keeps aria-describedby for its own description; the button says it.
              aria-describedby={lineRoom ? limitId : undefined}
            >
              {/* The name read out holds the visible words (axe's label-content-name-mismatch): one
                  span, as the button's label lays its children out as flex items. */}
              <span>
                Add <VisuallyHidden>{item.StoreName}</VisuallyHidden> to cart
              </span>
            </Button>
          </Group>
        </form>
        {lineRoom && (
          <Text id={limitId} size="sm" c="red.8" role="alert">
            {fill(describeLineLimit(item.StoreName, lineRoom))}
          </Text>
        )}
        <Text size="sm" c="teal.9" role="status" mih={20}>
          {answer?.isAdded ? 'Added to your cart.' : ''}
        </Text>
      </Stack>
    </Card>
  );
}
