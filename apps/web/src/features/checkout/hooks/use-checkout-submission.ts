import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Order } from '@monitor/contract/orders';
import { cents } from '@monitor/domain/shared/money';
import {
  STORE_ADDRESS_MESSAGES,
  STORE_ORDER_MESSAGES,
} from '@monitor/domain/shared/store-messages';
import { CART_REFUSAL_MESSAGES, findCartProblems } from '@monitor/domain/store/cart';
import { checkDeliveryForCheckout, isDeliveryNeeded } from '@monitor/domain/store/shipping';
import { isDeviceCreditItem } from '@monitor/domain/store/store-items';
import { useErrorModal } from '../../../components/ui/error-modal';
import { calculateSalesTaxQueryOptions } from '../../../entities/billing/api/calculate-sales-tax';
import { verifyBillingAddress } from '../../../entities/billing/hooks/use-address-verification';
import type { BillingAddressValues } from '../../../entities/billing/lib/billing-address';
import type { CardFieldsHandle } from '../../../entities/payment/components/card-fields';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { isApiError } from '../../../lib/api-client';
import { useBrand, useBrandMessage } from '../../../lib/brand-context';
import type { CheckoutBuyer, CheckoutCart } from '../lib/checkout-cart';
import { buildOrderRequest } from '../lib/order-request';
import { checkoutTaxParams } from './use-checkout-tax';
import type { CheckoutEntries } from './use-checkout-entries';
import { usePlaceOrder } from './use-place-order';

/** After instant updates or the pet monitor upgrade the buyer goes to /devices (§4, §9). */
export const DEVICES_REDIRECT_MS = 3000;

export type CheckoutPhase = 'cart' | 'checkingOut' | 'terms' | 'ordering' | 'complete';
type Verified = { billing: BillingAddressValues; shipping: BillingAddressValues };

/**
 * The checkout's steps (store-and-public-site §4 "Checkout", §5, §8): checking out (the cart's
 * rules, the entries, both addresses verified, the tax at the verified address), the legal terms,
 * then ordering (the card's nonce, one order call) and the order complete view. Call it after
 * `useCheckoutEntries`: its draft mirror must write before the order's reset is forgotten here.
 */
export function useCheckoutSubmission({
  cart,
  buyer,
  entries,
}: {
  cart: CheckoutCart;
  buyer: CheckoutBuyer | null;
  entries: CheckoutEntries;
}) {
  const brand = useBrand();
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const alert = (message: string) => showError(fill(message));
  const navigate = useNavigate();
  const payment = usePaymentErrors();
  const sendOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  const [verified, setVerified] = useState<Verified | null>(null);
  const [phase, setPhase] = useState<CheckoutPhase>('cart');
  const [order, setOrder] = useState<Order | null>(null);
  const [shipTo, setShipTo] = useState<BillingAddressValues | null>(null);
  const [isGoingToDevices, setIsGoingToDevices] = useState(false);
  const isBusy = useRef(false);
  const cardRef = useRef<CardFieldsHandle>(null);
  const { billingForm, shippingForm, isSameAsBilling } = entries;

  const needsDelivery = isDeliveryNeeded(cart.cart.items);
  const isDeviceCredit = cart.cart.items.some((line) => isDeviceCreditItem(line.itemId));
  const taxAmount = cents(cart.totals.subTotal - cart.totals.discount);

  // The reset after an order is mirrored like any change; forgotten here, after the mirror's
  // write, so the next checkout starts from the default address and not from an emptied draft.
  const isOrdered = order !== null;
  const { draft } = entries;
  useEffect(() => {
    if (isOrdered) draft.clear();
  });

  useEffect(() => {
    if (!isGoingToDevices) return;
    const timer = setTimeout(() => void navigate('/devices'), DEVICES_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isGoingToDevices, navigate]);

  function cancel() {
    entries.resetAddresses();
    setVerified(null);
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
    if (!entries.validate({ isDeviceCredit, needsDelivery })) return;

    isBusy.current = true;
    setPhase('checkingOut');
    try {
      const billing = await verifyBillingAddress(billingForm.getValues());
      entries.setBillingError(billing.isVerified ? null : billing.message);
      if (!billing.isVerified) return alert(billing.message);
      billingForm.setValues(billing.values);
      let shipping = billing.values;
      if (needsDelivery && !isSameAsBilling) {
        const answer = await verifyBillingAddress(
          shippingForm.getValues(),
          'shipping',
          STORE_ADDRESS_MESSAGES.validateYourAddressFailed,
        );
        entries.setShippingError(answer.isVerified ? null : answer.message);
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
        email: entries.email,
        billing: verified.billing,
        shipping: verified.shipping,
        card,
        userDeviceId: isDeviceCredit ? entries.userDeviceId : null,
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
      void entries.saveAs.saveAfterUse(verified.billing);
      setOrder(placed);
      setShipTo(needsDelivery ? verified.shipping : null);
      cart.clear();
      entries.forgetAfterOrder();
      setVerified(null);
      if (isDeviceCredit && buyer) setIsGoingToDevices(true);
      setPhase('complete');
    } finally {
      isBusy.current = false;
      setPhase((current) => (current === 'ordering' ? 'cart' : current));
    }
  }

  return {
    phase,
    /** The terms' cancel: back to the cart, entries kept. */
    closeTerms: () => setPhase('cart'),
    isWorking: phase === 'checkingOut' || phase === 'ordering',
    verified,
    order,
    shipTo,
    isGoingToDevices,
    needsDelivery,
    isDeviceCredit,
    taxAmount,
    payment,
    cardRef,
    cancel,
    checkOut,
    placeOrder,
  };
}

export type CheckoutSubmission = ReturnType<typeof useCheckoutSubmission>;
