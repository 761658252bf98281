import type { RegistrationSubscription } from '@monitor/contract/registration';
import type { CardBillingAddress } from '../../adapters/payments/payment-processor';
import type { AppContext } from '../../context';
import { getOwnBillingAddress } from '../accounts/billing-addresses.service';
import type { RegistrationPayment } from './registration-billing';

/**
 * The card of a subscription request (accounts-devices-billing §3): its nonce, device data and
 * the billing address sent, or the caller's saved one named by BillingAddressId (another user's
 * is a 403). Null without a nonce.
 */
export async function resolvePayment(
  ctx: AppContext,
  {
    userId,
    subscription,
  }: { userId: number; subscription: RegistrationSubscription | null | undefined },
): Promise<RegistrationPayment | null> {
  if (!subscription?.PaymentNonce) return null;
  let billingAddress: CardBillingAddress = {
    firstName: subscription.FirstName,
    lastName: subscription.LastName,
    streetAddress: subscription.Address1,
    extendedAddress: subscription.Address2 ?? undefined,
    locality: subscription.City,
    region: subscription.State,
    postalCode: subscription.Zip,
  };
  if (subscription.BillingAddressId) {
    const saved = await getOwnBillingAddress(ctx, { id: subscription.BillingAddressId, userId });
    billingAddress = {
      firstName: saved.first_name,
      lastName: saved.last_name,
      streetAddress: saved.address1,
      extendedAddress: saved.address2 ?? undefined,
      locality: saved.city,
      region: saved.state,
      postalCode: saved.zip,
    };
  }
  return {
    nonce: subscription.PaymentNonce,
    deviceData: subscription.DeviceData ?? null,
    billingAddress,
  };
}
