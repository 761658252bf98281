import { useState } from 'react';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import { useBillingAddressForm } from '../../../entities/billing/hooks/use-billing-address-form';
import { useSaveAsBillingAddress } from '../../../entities/billing/hooks/use-save-as-billing-address';
import type { BillingAddressValues } from '../../../entities/billing/lib/billing-address';
import { useSessionMirror } from '../../../lib/session-draft';
import type { CheckoutBuyer } from '../lib/checkout-cart';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a reload of the checkout resumes: the buyer's entries, never the card (issue #24). */
type CheckoutDraft = {
  email: string;
  isSameAsBilling: boolean;
  billing: BillingAddressValues;
  shipping: BillingAddressValues;
};
const CHECKOUT_DRAFT_KEY = 'monitor.checkout';

/**
 * The buyer's entries at the checkout: e-mail, billing and shipping addresses, same-as-billing, the
 * device to credit, and their errors. Kept in session storage (decision 046, issue #24) so a
 * reload resumes them; a signed-in buyer's billing address starts from `storedAddress`.
 */
export function useCheckoutEntries({
  buyer,
  storedAddress,
}: {
  buyer: CheckoutBuyer | null;
  /** The buyer's default billing address; null when there is none, undefined when its lookup failed. */
  storedAddress: BillingAddress | null | undefined;
}) {
  const names = { FirstName: buyer?.FirstName ?? '', LastName: buyer?.LastName ?? '' };
  const billingForm = useBillingAddressForm({ address: storedAddress, user: names });
  const saveAs = useSaveAsBillingAddress({ userId: buyer?.Id ?? null, storedAddress });
  const shippingForm = useBillingAddressForm({ address: null, user: names });
  const [email, setEmail] = useState(buyer?.EmailAddress ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [isSameAsBilling, setIsSameAsBilling] = useState(true);
  const [billingError, setBillingError] = useState<string | null>(null);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [userDeviceId, setUserDeviceId] = useState<number | null>(null);
  const [deviceError, setDeviceError] = useState<string | null>(null);
  const draft = useSessionMirror<CheckoutDraft>(
    CHECKOUT_DRAFT_KEY,
    {
      email,
      isSameAsBilling,
      billing: billingForm.getValues(),
      shipping: shippingForm.getValues(),
    },
    (saved) => {
      setEmail(saved.email);
      setIsSameAsBilling(saved.isSameAsBilling);
      billingForm.setValues(saved.billing);
      shippingForm.setValues(saved.shipping);
    },
  );
  const hasEntries =
    email.trim() !== (buyer?.EmailAddress ?? '') || billingForm.isDirty() || shippingForm.isDirty();

  /** Flags every missing or invalid entry at once; true when all may go to verification. */
  function validate({
    isDeviceCredit,
    needsDelivery,
  }: {
    isDeviceCredit: boolean;
    needsDelivery: boolean;
  }): boolean {
    const isEmailValid = EMAIL_PATTERN.test(email.trim());
    setEmailError(isEmailValid ? null : 'Enter a valid e-mail address.');
    const isDeviceMissing = isDeviceCredit && userDeviceId === null;
    setDeviceError(isDeviceMissing ? 'Choose the device to credit.' : null);
    const hasBillingErrors = billingForm.validate().hasErrors;
    const hasShippingErrors =
      needsDelivery && !isSameAsBilling && shippingForm.validate().hasErrors;
    return isEmailValid && !isDeviceMissing && !hasBillingErrors && !hasShippingErrors;
  }

  /** The checkout's cancel: addresses back to where they started; the e-mail stays. */
  function resetAddresses() {
    billingForm.reset();
    shippingForm.reset();
    setIsSameAsBilling(true);
    setBillingError(null);
    setShippingError(null);
  }

  /** After an order: the form as it started and the draft forgotten. */
  function forgetAfterOrder() {
    billingForm.reset();
    shippingForm.reset();
    setEmail(buyer?.EmailAddress ?? '');
    draft.clear();
  }

  return {
    email,
    setEmail,
    emailError,
    isSameAsBilling,
    setIsSameAsBilling,
    billingForm,
    billingError,
    setBillingError,
    shippingForm,
    shippingError,
    setShippingError,
    saveAs,
    userDeviceId,
    chooseDevice: (next: number | null) => {
      setUserDeviceId(next);
      setDeviceError(null);
    },
    deviceError,
    hasEntries,
    draft,
    validate,
    resetAddresses,
    forgetAfterOrder,
  };
}

export type CheckoutEntries = ReturnType<typeof useCheckoutEntries>;
