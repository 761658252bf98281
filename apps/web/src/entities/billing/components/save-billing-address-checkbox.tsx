import { PlainCheckbox } from '../../../components/ui/plain-checkbox';

/**
 * The customer's consent to keep a verified address as their default billing address (issue #24
 * item 7): shown only while they have none, on by default. The browser's checkbox, as the
 * checkout's other boxes (PlainCheckbox says why).
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
    <PlainCheckbox
      label="Save as my billing address"
      checked={checked}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
