import { isBilledUser } from '@monitor/domain/billing/billing-users';
import { isBillableSubscriptionDevice } from '@monitor/domain/devices/device-types';

/**
 * Whether a device's subscription is a billed (invoice) one: the billing-user check answered
 * nonzero, or the device is of type 6 or 7 (accounts-devices-billing §6, device-management §6).
 * Such a subscription uses the billable lookup and shows invoices, never a card.
 */
export function isBilledSubscription(input: {
  billingCheckResult: number;
  deviceType: number;
}): boolean {
  return isBilledUser(input.billingCheckResult) || isBillableSubscriptionDevice(input.deviceType);
}
