import { useId, useState } from 'react';
import { Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import { isDeliveryNeeded, type DeliveryMethod } from '@monitor/domain/store/shipping';
import { parsePostalCode } from '@monitor/domain/shared/postal-codes';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import type { UseCart } from '../hooks/use-cart';

const METHOD_LABELS: Record<DeliveryMethod, string> = {
  regularShipping: 'Regular shipping',
  overnightShipping: 'Overnight shipping',
};

/**
 * The delivery method (store-and-public-site §4 "Shipping type", §5): the ZIP first (a valid US or
 * Canadian one selects regular shipping and fetches its rate), regular or overnight (overnight
 * asked to confirm), the estimated delivery date of the postage answer. A cart of instant updates
 * or the pet monitor upgrade ships nothing, so there is nothing to choose.
 */
export function DeliveryMethodChoice({ cart, disabled }: { cart: UseCart; disabled?: boolean }) {
  const [zip, setZip] = useState(cart.cart.zipCode ?? '');
  const [isAskingOvernight, setIsAskingOvernight] = useState(false);
  const labelId = useId();
  if (!isDeliveryNeeded(cart.cart.items)) {
    return (
      <Text size="sm" c="dimmed">
        Nothing in this cart is shipped: it is credited to your device.
      </Text>
    );
  }
  const selected = cart.cart.shippingType;
  const value = selected === 'regularShipping' || selected === 'overnightShipping' ? selected : '';

  function enterZip(value = zip) {
    if (value.trim() !== (cart.cart.zipCode ?? '')) cart.enterZip(value);
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Shipping ZIP / postal code"
        value={zip}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setZip(next);
          // A complete US or Canadian postal code is rated as soon as it is typed (§4).
          if (parsePostalCode(next)) enterZip(next);
        }}
        onBlur={() => enterZip()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            enterZip();
          }
        }}
        autoComplete="shipping postal-code"
        disabled={disabled}
        maw={240}
      />
      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id={labelId}>
          Delivery method
        </Text>
        {/* Radio inputs underneath; its styles are in the first download already (app/styles.ts). */}
        <SegmentedControl
          aria-labelledby={labelId}
          data={(Object.keys(METHOD_LABELS) as DeliveryMethod[]).map((method) => ({
            value: method,
            label: METHOD_LABELS[method],
          }))}
          value={value}
          onChange={(next) => {
            if (next === 'overnightShipping') setIsAskingOvernight(true);
            else cart.chooseDelivery('regularShipping');
          }}
          disabled={disabled}
          fullWidth
          maw={420}
        />
      </Stack>
      <Group gap="xs" aria-live="polite" mih={24}>
        {cart.isRating ? (
          <>
            <Loader size="xs" aria-hidden />
            <Text size="sm">Getting the shipping rate…</Text>
          </>
        ) : value && cart.deliveryDate ? (
          <Text size="sm">
            Estimated delivery: {formatLongDate(cart.deliveryDate, { withWeekday: true })}
          </Text>
        ) : null}
      </Group>
      <ConfirmModal
        opened={isAskingOvernight}
        title="Overnight shipping"
        message="Overnight shipping costs more than regular shipping, and a free-shipping promo code does not apply to it. Ship this order overnight?"
        confirmLabel="Ship overnight"
        onCancel={() => setIsAskingOvernight(false)}
        onConfirm={() => {
          setIsAskingOvernight(false);
          cart.chooseDelivery('overnightShipping');
        }}
      />
    </Stack>
  );
}
