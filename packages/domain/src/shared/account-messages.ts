import { MESSAGES } from './messages';
import { STORE_ADDRESS_MESSAGES } from './store-messages';

/* Account and registration alerts (accounts-devices-billing §8), shown word for word; see messages.ts. */

/** accounts-devices-billing §8 "Alerts". */
export const ACCOUNT_ALERT_MESSAGES = {
  fetchUserFailed: MESSAGES.fetchUserFailed,
  updateUserFailed: MESSAGES.updateUserFailed,
  validateAddressContactSupport:
    'An error occurred validating your address - please try again, if the issue persists please contact support at {phone}.',
  validateYourAddressFailed: 'An error occurred validating your address. Please try again.',
  validateAddressFailed: STORE_ADDRESS_MESSAGES.validateAddressFailed,
  /** The spec elides the rest of this text. */
  confirmationEmailFailed: 'An error occurred sending a confirmation email.',
  /** The spec elides the rest of this text. */
  fetchDeviceInformationFailed: 'An error occurred fetching device information.',
  activateModemFailed:
    'An error occurred while activating the cellular connection with your device. Please contact Customer Service.',
  /** The new device is removed. */
  createSubscriptionFailed:
    'An error occurred creating subscription with payment vendor. Please contact customer support.',
  /** A multi-unit failure removes the device. */
  setUpServicesFailed:
    'An error occurred setting up your services. Please contact customer support at {phone}',
  loadAlarmPointsFailed: 'An error occurred loading alarm points',
  saveNewDeviceFailed:
    "We're sorry, an error occurred saving your new device information. Please try again. If the issue persists, please contact customer support.",
  fetchUserDeviceFailed: 'An error occurred fetching user device data.',
  updateSubscriptionFailed:
    'An error occurred updating subscription information. Please contact customer service.',
  suspendSubscriptionFailed: 'An error occurred while suspending your subscription.',
  fetchSubscriptionFailed:
    'An error occurred fetching subscription data. Please contact customer service.',
  loadSubscriptionOptionsFailed: 'An error occurred loading subscription options!',
  subscriptionDetailsFailed: (error: string) => `Error getting subscription details - ${error}`,
  userDeviceDetailsFailed: 'Error getting User Device details.',
  loadPaymentInfoFailed:
    'An error occurred while loading payment related info. Please contact customer service.',
  removeDeviceFailed: 'An error occurred removing the device.',
  loadBillingAddressFailed: MESSAGES.loadBillingAddressFailed,
} as const;

/** accounts-devices-billing §5 and §9: multi-unit registration. */
export const REGISTRATION_MESSAGES = {
  deviceTypeMismatch:
    'There was a device type mismatch. Please check the Serial number and try again.',
  /** Shown 400 ms after a multi-unit registration. */
  deviceRegistered: (serial: string) => `Device ${serial} registered.`,
} as const;
