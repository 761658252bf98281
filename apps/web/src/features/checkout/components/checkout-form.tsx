import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import { useLeaveConfirmation } from '../../../components/ui/use-leave-confirmation';
import { useCheckoutEntries } from '../hooks/use-checkout-entries';
import { useCheckoutSubmission } from '../hooks/use-checkout-submission';
import { checkoutTaxParams, useCheckoutTax } from '../hooks/use-checkout-tax';
import type { CheckoutBuyer, CheckoutCart } from '../lib/checkout-cart';
import { CheckoutAddresses } from './checkout-addresses';
import { CheckoutPayment } from './checkout-payment';
import { DeviceChoice, type CreditableDevice } from './device-choice';
import { OrderComplete } from './order-complete';

export type CheckoutProps = {
  cart: CheckoutCart;
  /**
   * The cart's lines, delivery method, promo code and summary (features/cart); the tax is an
   * estimate until the address is verified.
   */
  cartEditor: (checkout: { taxStatus: 'awaitingAddress' | 'estimated' | 'verified' }) => ReactNode;
  /** The signed-in buyer, or null for a guest. */
  buyer: CheckoutBuyer | null;
  /** The signed-in buyer's devices, for instant updates and the pet monitor upgrade. */
  devices: readonly CreditableDevice[];
};

/**
 * The checkout (store-and-public-site §2 "Cart and checkout page", §4 "Checkout", §5, §8): the
 * buyer's e-mail, billing and shipping addresses (same-as-billing, verified, the shipping one by
 * its own variant), the card in the payment adapter's fields, the legal terms, then one order call;
 * the order complete view, the cart and form cleared. States: cart, checking out, legal terms,
 * ordering, order complete.
 */
export function CheckoutForm({
  cart,
  cartEditor,
  buyer,
  devices,
  storedAddress,
}: CheckoutProps & {
  /** The buyer's default billing address; null when there is none, undefined when its lookup failed. */
  storedAddress: BillingAddress | null | undefined;
}) {
  const entries = useCheckoutEntries({ buyer, storedAddress });
  const submission = useCheckoutSubmission({ cart, buyer, entries });
  const { verified, order, needsDelivery, isWorking } = submission;
  const leave = useLeaveConfirmation({
    isGuarded: entries.hasEntries && order === null && cart.cart.items.length > 0,
    message:
      'Your e-mail and addresses stay filled in while this tab is open; card details are never kept.',
  });
  // The tax is estimated from the address as typed, so the total is known before the terms
  // dialog; verification then asks again at the cleaned address (issue #24).
  const enteredShipping =
    needsDelivery && !entries.isSameAsBilling
      ? entries.shippingForm.getValues()
      : entries.billingForm.getValues();
  const taxParams = checkoutTaxParams(verified?.shipping ?? enteredShipping, submission.taxAmount);
  useCheckoutTax(taxParams, cart.setTax);

  if (order) {
    return (
      <OrderComplete
        order={order}
        shipTo={submission.shipTo}
        isGoingToDevices={submission.isGoingToDevices}
      />
    );
  }
  if (cart.cart.items.length === 0) {
    return (
      <Stack gap="sm">
        <Title order={1}>Cart and checkout</Title>
        <Text>Your cart is empty.</Text>
        <Group>
          <Button component={Link} to="/store">
            Go to the store
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>Cart and checkout</Title>
      {cartEditor({
        taxStatus: verified ? 'verified' : taxParams ? 'estimated' : 'awaitingAddress',
      })}
      {submission.isDeviceCredit && (
        <DeviceChoice
          devices={devices}
          value={entries.userDeviceId}
          onChange={entries.chooseDevice}
          error={entries.deviceError}
          disabled={isWorking}
        />
      )}
      <CheckoutAddresses entries={entries} needsDelivery={needsDelivery} disabled={isWorking} />
      <CheckoutPayment
        phase={submission.phase}
        isWorking={isWorking}
        outcome={submission.payment.outcome}
        cardRef={submission.cardRef}
        customerId={buyer?.CustomerId}
        total={cart.totals.grandTotal}
        isRating={cart.isRating}
        onCancel={submission.cancel}
        onCheckOut={() => void submission.checkOut()}
        onCloseTerms={submission.closeTerms}
        onAgree={() => void submission.placeOrder()}
      />
      {leave.dialog}
    </Stack>
  );
}
