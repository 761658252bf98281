import type { SubscriptionView } from '@monitor/contract/subscriptions';
import type { UserDevice } from '@monitor/contract/user-devices';
import { useBillableSubscription } from '../api/get-billable-subscription';
import { useBillingUserCheck } from '../api/check-billing-user';
import { useInvoicedCheck } from '../api/check-invoiced-subscription';
import { useSubscription } from '../api/get-subscription';
import { isBilledSubscription } from '../lib/billing-kind';

export type DeviceSubscription =
  | { state: 'pending' }
  | { state: 'error'; error: unknown; retry: () => void }
  | {
      state: 'ready';
      /** A billed (invoice) subscription: invoices, no card (accounts-devices-billing §6). */
      isBilled: boolean;
      /** The view, with the status an invoiced subscription always shows: Active (§4). */
      subscription: SubscriptionView;
    };

/**
 * A device's subscription as its owner manages it (accounts-devices-billing §4, §6): a billed
 * user (the billing-user check nonzero, or a type 6 or 7 device) reads it through the billable
 * lookup and the invoiced check; everyone else through the management view.
 */
export function useDeviceSubscription(
  device: Pick<UserDevice, 'DeviceType' | 'SubscriptionId' | 'SubAccountDevice'>,
  userId: number,
): DeviceSubscription {
  const subscriptionId = device.SubscriptionId ?? 0;
  // A sub-account's shared device: the subscription is the owner's, never read by the sub-account.
  const hasId = subscriptionId > 0 && !device.SubAccountDevice;
  const billingUser = useBillingUserCheck(userId, { enabled: hasId });
  const isBilled =
    billingUser.data === undefined
      ? null
      : isBilledSubscription({
          billingCheckResult: billingUser.data,
          deviceType: device.DeviceType,
        });
  const card = useSubscription(subscriptionId, { enabled: hasId && isBilled === false });
  const billable = useBillableSubscription(subscriptionId, { enabled: hasId && isBilled === true });
  const invoiced = useInvoicedCheck(subscriptionId, { enabled: hasId && isBilled === true });

  if (billingUser.isError) {
    return { state: 'error', error: billingUser.error, retry: () => void billingUser.refetch() };
  }
  if (isBilled === false) {
    if (card.isError)
      return { state: 'error', error: card.error, retry: () => void card.refetch() };
    if (!card.data) return { state: 'pending' };
    return { state: 'ready', isBilled: false, subscription: card.data };
  }
  if (isBilled === true) {
    const failed = billable.isError ? billable : invoiced.isError ? invoiced : null;
    if (failed) {
      return {
        state: 'error',
        error: failed.error,
        retry: () => {
          void billable.refetch();
          void invoiced.refetch();
        },
      };
    }
    if (!billable.data || !invoiced.data) return { state: 'pending' };
    const invoicedNext = invoiced.data.NextBillingDate;
    return {
      state: 'ready',
      isBilled: true,
      subscription: invoicedNext
        ? { ...billable.data, Status: 'Active', NextBillingDate: invoicedNext }
        : billable.data,
    };
  }
  return { state: 'pending' };
}
