import { Checkbox } from '@mantine/core';

/**
 * The customer's consent to keep a verified address as their default billing address (issue #24
 * item 7): shown only while they have none, on by default.
 */
export function SaveBillingAddressCheckbox({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Checkbox
      label="Save as my billing address"
      description="Filled in for you next time; change it on your account page."
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
