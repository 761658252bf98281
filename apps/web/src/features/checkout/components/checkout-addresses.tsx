import { Box, TextInput } from '@mantine/core';
import { PlainCheckbox } from '../../../components/ui/plain-checkbox';
import { BillingAddressFields } from '../../../entities/billing/components/billing-address-fields';
import { SaveBillingAddressCheckbox } from '../../../entities/billing/components/save-billing-address-checkbox';
import type { CheckoutEntries } from '../hooks/use-checkout-entries';
import { CheckoutSection } from './checkout-section';

/**
 * The buyer's contact e-mail, billing address (with 'Save as my billing address' for a signed-in
 * buyer with none) and, when something ships, the shipping address or same-as-billing
 * (store-and-public-site §2 "Cart and checkout page", §5).
 */
export function CheckoutAddresses({
  entries,
  needsDelivery,
  disabled,
}: {
  entries: CheckoutEntries;
  needsDelivery: boolean;
  disabled: boolean;
}) {
  const { saveAs } = entries;
  return (
    <>
      <CheckoutSection legend="Contact">
        <TextInput
          label="E-mail"
          description="Your order confirmation is sent here."
          type="email"
          autoComplete="email"
          value={entries.email}
          onChange={(event) => entries.setEmail(event.currentTarget.value)}
          error={entries.emailError}
          disabled={disabled}
        />
      </CheckoutSection>
      <CheckoutSection legend="Billing address">
        <BillingAddressFields
          form={entries.billingForm}
          verificationError={entries.billingError}
          disabled={disabled}
          phoneDescription="Optional: used if we need to reach you about your order"
        />
        {saveAs.isOffered && (
          <Box mt="md">
            <SaveBillingAddressCheckbox
              checked={saveAs.isChecked}
              onChange={saveAs.setIsChecked}
              disabled={disabled}
            />
          </Box>
        )}
      </CheckoutSection>
      {needsDelivery && (
        <CheckoutSection legend="Shipping address">
          <PlainCheckbox
            label="Same as billing address"
            checked={entries.isSameAsBilling}
            onChange={entries.setIsSameAsBilling}
            disabled={disabled}
          />
          {!entries.isSameAsBilling && (
            <Box mt="md">
              <BillingAddressFields
                form={entries.shippingForm}
                verificationError={entries.shippingError}
                disabled={disabled}
                phoneDescription="Optional: for the carrier"
              />
            </Box>
          )}
        </CheckoutSection>
      )}
    </>
  );
}
