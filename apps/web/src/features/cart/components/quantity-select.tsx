import { NativeSelect } from '@mantine/core';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@monitor/domain/store/cart';

const QUANTITIES = Array.from({ length: CART_QUANTITY_MAX - CART_QUANTITY_MIN + 1 }, (_, index) =>
  String(CART_QUANTITY_MIN + index),
);

/** A quantity from 1 to 10 (store-and-public-site §5), the phone's own picker on a small screen. */
export function QuantitySelect({
  label,
  accessibleLabel,
  value,
  onChange,
  disabled,
}: {
  label: string;
  /** The full name a screen reader hears, when the visible label is short ('Quantity'). */
  accessibleLabel?: string;
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  return (
    <NativeSelect
      label={label}
      aria-label={accessibleLabel}
      // A line kept from before the limit held (an older stored cart) still shows its real
      // quantity, so the box never disagrees with the line's amount.
      data={QUANTITIES.includes(String(value)) ? QUANTITIES : [...QUANTITIES, String(value)]}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      disabled={disabled}
      w={90}
    />
  );
}
