import { isBilledDevice, isTestDevice, type DeviceType } from '../devices/device-types';

/** How a device of a type is paid for: not at all, by invoice, or by a card subscription. */
export type DeviceBillingFamily = 'test' | 'billed' | 'card';

/**
 * The billing family of a device type (accounts-devices-billing §4 "Device types and billing"):
 * test types 2, 3, 5, 10, 12, 14, 18 complete registration directly; billed types 6, 7, 8 have
 * no card subscription; every other type pays by card.
 */
export function findDeviceBillingFamily(deviceType: DeviceType): DeviceBillingFamily {
  if (isTestDevice(deviceType)) return 'test';
  if (isBilledDevice(deviceType)) return 'billed';
  return 'card';
}

/** The billing-user check answers a number; anything but 0 means a billed user (accounts-devices-billing §6). */
export function isBilledUser(billingCheckResult: number): boolean {
  return billingCheckResult !== 0;
}

/**
 * Alerts for a device the account may not register. Wording ours: the spec says only that the
 * device is flagged invalid (accounts-devices-billing §5). `{phone}` is filled with `fillBrand`.
 */
export const BILLED_USER_MESSAGES = {
  billedUserNeedsInvoiceDevice:
    'This device cannot be added to an invoiced account. Please contact customer service at {phone}.',
  regularUserWithInvoiceDevice:
    'This device can only be added to an invoiced account. Please contact customer service at {phone}.',
  billedUserWithoutApContact:
    'Your invoiced account has no accounts payable contact. Please contact customer service at {phone}.',
} as const;

export type BilledUserDeviceProblem = keyof typeof BILLED_USER_MESSAGES;

export type BilledUserDeviceCheck =
  { isValid: true } | { isValid: false; problem: BilledUserDeviceProblem; message: string };

/**
 * Checks a device against the account's billing kind (accounts-devices-billing §5): a billed user
 * may register only types 6, 7, 8 and needs an accounts-payable contact; a regular user may not
 * register those types. The type rules are checked before the contact, so a billed user with a
 * wrong type hears about the type.
 */
export function checkBilledUserDevice(input: {
  billingCheckResult: number;
  deviceType: DeviceType;
  hasApContact: boolean;
}): BilledUserDeviceCheck {
  const { billingCheckResult, deviceType, hasApContact } = input;
  const isInvoiceDevice = isBilledDevice(deviceType);
  const invalid = (problem: BilledUserDeviceProblem): BilledUserDeviceCheck => ({
    isValid: false,
    problem,
    message: BILLED_USER_MESSAGES[problem],
  });
  if (isBilledUser(billingCheckResult)) {
    if (!isInvoiceDevice) return invalid('billedUserNeedsInvoiceDevice');
    if (!hasApContact) return invalid('billedUserWithoutApContact');
    return { isValid: true };
  }
  if (isInvoiceDevice) return invalid('regularUserWithInvoiceDevice');
  return { isValid: true };
}
