import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import type { UseCart } from '../hooks/use-cart';
import { Form } from '../../../components/ui/form';

/**
 * The promo code (store-and-public-site §4 "Promo", §5): upper-cased, validated by the server,
 * applied only once a delivery method is chosen; the applied code is shown with its removal.
 */
export function PromoCodeEntry({ cart, disabled }: { cart: UseCart; disabled?: boolean }) {
  const [code, setCode] = useState(cart.promoCode ?? '');
  const [isApplying, setIsApplying] = useState(false);
  const applied = cart.cart.promo;

  async function apply() {
    if (!code.trim() || isApplying) return;
    setIsApplying(true);
    try {
      if (await cart.applyPromoCode(code)) setCode('');
    } finally {
      setIsApplying(false);
    }
  }

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Promo code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
          disabled={disabled}
          autoComplete="off"
          style={{ flex: '1 1 160px' }}
        />
        <Button type="submit" variant="light" loading={isApplying} disabled={disabled}>
          Apply
        </Button>
      </Group>
      {applied && (
        <Text size="sm" mt="xs" role="status">
          Promo code {applied.code} applied.
        </Text>
      )}
    </Form>
  );
}
