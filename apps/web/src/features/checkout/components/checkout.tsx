import { STORE_ADDRESS_MESSAGES } from '@monitor/domain/shared/store-messages';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import type { Order } from '@monitor/contract/orders';
import { cents } from '@monitor/domain/shared/money';
import { STORE_ORDER_MESSAGES } from '@monitor/domain/shared/store-messages';
import { CART_REFUSAL_MESSAGES, findCartProblems } from '@monitor/domain/store/cart';
import { checkDeliveryForCheckout, isDeliveryNeeded } from '@monitor/domain/store/shipping';
import { isDeviceCreditItem } from '@monitor/domain/store/store-items';
import { useErrorModal } from '../../../components/ui/error-modal';
import { BillingAddressFields } from '../../../entities/billing/components/billing-address-fields';
import { verifyBillingAddress } from '../../../entities/billing/hooks/use-address-verification';
import { useBillingAddressForm } from '../../../entities/billing/hooks/use-billing-address-form';
import { useSaveAsBillingAddress } from '../../../entities/billing/hooks/use-save-as-billing-address';
import { useDefaultBillingAddress } from '../../../entities/billing/api/get-default-billing-address';
import { SaveBillingAddressCheckbox } from '../../../entities/billing/components/save-billing-address-checkbox';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import type { BillingAddressValues } from '../../../entities/billing/lib/billing-address';
import {
  CardFields,
  type CardFieldsHandle,
} from '../../../entities/payment/components/card-fields';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { calculateSalesTaxQueryOptions } from '../../../entities/billing/api/calculate-sales-tax';
import { isApiError } from '../../../lib/api-client';
import { useBrand, useBrandMessage } from '../../../lib/brand-context';
import { checkoutTaxParams, useCheckoutTax } from '../hooks/use-checkout-tax';
import { usePlaceOrder } from '../hooks/use-place-order';
import type { CheckoutBuyer, CheckoutCart } from '../lib/checkout-cart';
import { buildOrderRequest } from '../lib/order-request';
import { DeviceChoice, type CreditableDevice } from './device-choice';
import { OrderComplete } from './order-complete';
import { CheckoutSection } from './checkout-section';
import { OrderTermsModal } from './order-terms-modal';
import { PlainCheckbox } from '../../../components/ui/plain-checkbox';
import { useLeaveConfirmation } from '../../../components/ui/use-leave-confirmation';
import { useSessionMirror } from '../../../lib/session-draft';

/** After instant updates or the pet monitor upgrade the buyer goes to /devices (§4, §9). */
export const DEVICES_REDIRECT_MS = 3000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Phase = 'cart' | 'checkingOut' | 'terms' | 'ordering' | 'complete';
type Verified = { billing: BillingAddressValues; shipping: BillingAddressValues };

/** What a reload of the checkout resumes: the buyer's entries, never the card (issue #24). */
type CheckoutDraft = {
  email: string;
  isSameAsBilling: boolean;
  billing: BillingAddressValues;
  shipping: BillingAddressValues;
};
const CHECKOUT_DRAFT_KEY = 'monitor.checkout';

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
 * A signed-in buyer's billing address starts from their default one (issue #24 item 7), so the
 * form waits for it; a guest's starts empty.
 */
export function Checkout(props: CheckoutProps) {
  if (!props.buyer) return <CheckoutForm {...props} storedAddress={null} />;
  return <SignedInCheckout {...props} buyer={props.buyer} />;
}

function SignedInCheckout(props: CheckoutProps & { buyer: CheckoutBuyer }) {
  const address = useDefaultBillingAddress(props.buyer.Id);
  if (address.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading your billing details…</Text>
      </Group>
    );
  }
  return <CheckoutForm {...props} storedAddress={address.data} />;
}

/**
 * The checkout (store-and-public-site §2 "Cart and checkout page", §4 "Checkout", §5, §8): the
 * buyer's e-mail, billing and shipping addresses (same-as-billing, verified, the shipping one by
 * its own variant), the card in the payment adapter's fields, the legal terms, then one order call;
 * the order complete view, the cart and form cleared. States: cart, checking out, legal terms,
 * ordering, order complete.
 */
function CheckoutForm({
  cart,
  cartEditor,
  buyer,
  devices,
  storedAddress,
}: CheckoutProps & {
  /** The buyer's default billing address; null when there is none, undefined when its lookup failed. */
  storedAddress: BillingAddress | null | undefined;
}) {
  const brand = useBrand();
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const alert = (message: string) => showError(fill(message));
  const navigate = useNavigate();
  const payment = usePaymentErrors();
  const sendOrder = usePlaceOrder();
  const queryClient = useQueryClient();
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
  const [verified, setVerified] = useState<Verified | null>(null);
  const [phase, setPhase] = useState<Phase>('cart');
  const [order, setOrder] = useState<Order | null>(null);
  const [shipTo, setShipTo] = useState<BillingAddressValues | null>(null);
  const [isGoingToDevices, setIsGoingToDevices] = useState(false);
  const isBusy = useRef(false);
  const cardRef = useRef<CardFieldsHandle>(null);
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
  const leave = useLeaveConfirmation({
    isGuarded: hasEntries && order === null && cart.cart.items.length > 0,
    message:
      'Your e-mail and addresses stay filled in while this tab is open; card details are never kept.',
  });

  const needsDelivery = isDeliveryNeeded(cart.cart.items);
  const isDeviceCredit = cart.cart.items.some((line) => isDeviceCreditItem(line.itemId));
  const taxAmount = cents(cart.totals.subTotal - cart.totals.discount);
  // The tax is estimated from the address as typed, so the total is known before the terms
  // dialog; verification then asks again at the cleaned address (issue #24).
  const enteredShipping =
    needsDelivery && !isSameAsBilling ? shippingForm.getValues() : billingForm.getValues();
  const taxParams = checkoutTaxParams(verified?.shipping ?? enteredShipping, taxAmount);
  useCheckoutTax(taxParams, cart.setTax);

  // The reset after an order is mirrored like any change; forgotten here, after the mirror's
  // write, so the next checkout starts from the default address and not from an emptied draft.
  const isOrdered = order !== null;
  useEffect(() => {
    if (isOrdered) draft.clear();
  });

  useEffect(() => {
    if (!isGoingToDevices) return;
    const timer = setTimeout(() => void navigate('/devices'), DEVICES_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isGoingToDevices, navigate]);

  if (order) {
    return <OrderComplete order={order} shipTo={shipTo} isGoingToDevices={isGoingToDevices} />;
  }

  function cancel() {
    billingForm.reset();
    shippingForm.reset();
    setIsSameAsBilling(true);
    setVerified(null);
    setBillingError(null);
    setShippingError(null);
    payment.clear();
    cart.resetCheckout();
  }

  /** Checking out: the cart's rules, the fields, then both addresses verified (§4, §5). */
  async function checkOut() {
    if (isBusy.current) return;
    payment.clear();
    const [problem] = findCartProblems(cart.cart.items, { isLoggedIn: buyer !== null });
    if (problem) return alert(CART_REFUSAL_MESSAGES[problem]);
    const delivery = checkDeliveryForCheckout(cart.cart);
    if (delivery) return alert(delivery);
    const isEmailValid = EMAIL_PATTERN.test(email.trim());
    setEmailError(isEmailValid ? null : 'Enter a valid e-mail address.');
    const isDeviceMissing = isDeviceCredit && userDeviceId === null;
    setDeviceError(isDeviceMissing ? 'Choose the device to credit.' : null);
    const hasBillingErrors = billingForm.validate().hasErrors;
    const hasShippingErrors =
      needsDelivery && !isSameAsBilling && shippingForm.validate().hasErrors;
    if (!isEmailValid || isDeviceMissing || hasBillingErrors || hasShippingErrors) return;

    isBusy.current = true;
    setPhase('checkingOut');
    try {
      const billing = await verifyBillingAddress(billingForm.getValues());
      setBillingError(billing.isVerified ? null : billing.message);
      if (!billing.isVerified) return alert(billing.message);
      billingForm.setValues(billing.values);
      let shipping = billing.values;
      if (needsDelivery && !isSameAsBilling) {
        const answer = await verifyBillingAddress(
          shippingForm.getValues(),
          'shipping',
          STORE_ADDRESS_MESSAGES.validateYourAddressFailed,
        );
        setShippingError(answer.isVerified ? null : answer.message);
        if (!answer.isVerified) return alert(answer.message);
        shippingForm.setValues(answer.values);
        shipping = answer.values;
      }
      // The postage is quoted for the ZIP the order ships to.
      if (needsDelivery && shipping.zip.trim() !== cart.cart.zipCode) cart.enterZip(shipping.zip);
      // The terms open on the total charged: the tax at the verified address is known first, so
      // the total never changes behind the dialog (issue #24). A failure is useCheckoutTax's alert.
      const verifiedTax = checkoutTaxParams(shipping, taxAmount);
      if (verifiedTax) {
        const answer = await queryClient
          .fetchQuery(calculateSalesTaxQueryOptions(verifiedTax))
          .catch(() => null);
        if (!answer) return;
        cart.setTax(verifiedTax.zip, answer.Rate);
      }
      setVerified({ billing: billing.values, shipping });
      setPhase('terms');
    } finally {
      isBusy.current = false;
      setPhase((current) => (current === 'checkingOut' ? 'cart' : current));
    }
  }

  /** Ordering, once the terms are agreed: the card's nonce, then the one order call (§4). */
  async function placeOrder() {
    if (isBusy.current || !verified) return;
    isBusy.current = true;
    setPhase('ordering');
    try {
      let card;
      try {
        card = await cardRef.current!.tokenize();
      } catch (error) {
        payment.fail(error);
        return;
      }
      const body = buildOrderRequest({
        cart: cart.cart,
        items: cart.items,
        totals: cart.totals,
        email,
        billing: verified.billing,
        shipping: verified.shipping,
        card,
        userDeviceId: isDeviceCredit ? userDeviceId : null,
        customerId: buyer?.CustomerId ?? null,
        tenantId: brand.tenantId,
      });
      let placed;
      try {
        placed = await sendOrder(body);
      } catch (error) {
        // A 400 is the payment error filter's (§7 "Behaviour on answers"): no generic alert.
        if (isApiError(error, 400)) payment.fail(error);
        else alert(STORE_ORDER_MESSAGES.placeOrderFailed);
        return;
      }
      void saveAs.saveAfterUse(verified.billing);
      setOrder(placed);
      setShipTo(needsDelivery ? verified.shipping : null);
      cart.clear();
      billingForm.reset();
      shippingForm.reset();
      setEmail(buyer?.EmailAddress ?? '');
      draft.clear();
      setVerified(null);
      if (isDeviceCredit && buyer) setIsGoingToDevices(true);
      setPhase('complete');
    } finally {
      isBusy.current = false;
      setPhase((current) => (current === 'ordering' ? 'cart' : current));
    }
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

  const isWorking = phase === 'checkingOut' || phase === 'ordering';
  return (
    <Stack gap="lg">
      <Title order={1}>Cart and checkout</Title>
      {cartEditor({
        taxStatus: verified ? 'verified' : taxParams ? 'estimated' : 'awaitingAddress',
      })}
      {isDeviceCredit && (
        <DeviceChoice
          devices={devices}
          value={userDeviceId}
          onChange={(next) => {
            setUserDeviceId(next);
            setDeviceError(null);
          }}
          error={deviceError}
          disabled={isWorking}
        />
      )}
      <CheckoutSection legend="Contact">
        <TextInput
          label="E-mail"
          description="Your order confirmation is sent here."
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailError}
          disabled={isWorking}
        />
      </CheckoutSection>
      <CheckoutSection legend="Billing address">
        <BillingAddressFields
          form={billingForm}
          verificationError={billingError}
          disabled={isWorking}
          phoneDescription="Optional: used if we need to reach you about your order"
        />
        {saveAs.isOffered && (
          <Box mt="md">
            <SaveBillingAddressCheckbox
              checked={saveAs.isChecked}
              onChange={saveAs.setIsChecked}
              disabled={isWorking}
            />
          </Box>
        )}
      </CheckoutSection>
      {needsDelivery && (
        <CheckoutSection legend="Shipping address">
          <PlainCheckbox
            label="Same as billing address"
            checked={isSameAsBilling}
            onChange={setIsSameAsBilling}
            disabled={isWorking}
          />
          {!isSameAsBilling && (
            <Box mt="md">
              <BillingAddressFields
                form={shippingForm}
                verificationError={shippingError}
                disabled={isWorking}
                phoneDescription="Optional: for the carrier"
              />
            </Box>
          )}
        </CheckoutSection>
      )}
      <Stack gap="sm">
        <PaymentErrorAlert outcome={payment.outcome} />
        <CardFields ref={cardRef} customerId={buyer?.CustomerId} flags={payment.outcome?.flags} />
      </Stack>
      {phase === 'ordering' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Placing your order…</Text>
        </Group>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={cancel} disabled={isWorking}>
          Cancel
        </Button>
        <Button onClick={() => void checkOut()} loading={isWorking} disabled={cart.isRating}>
          Place order
        </Button>
      </Group>
      {leave.dialog}
      <OrderTermsModal
        opened={phase === 'terms'}
        brandName={brand.name}
        total={cart.totals.grandTotal}
        onCancel={() => setPhase('cart')}
        onAgree={() => void placeOrder()}
      />
    </Stack>
  );
}
