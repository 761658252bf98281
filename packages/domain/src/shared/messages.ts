import type { Brand } from './brands';

/**
 * Messages shown word for word. `{phone}` and `{email}` are filled from the brand with
 * `fillBrand`. Later topics add their own groups here.
 */
export const MESSAGES = {
  // store-and-public-site §8 "Account entry", accounts-devices-billing §8
  invalidLogin: 'Invalid username or password.',
  loginFailed: 'An error occurred signing in. Please try again.',
  registrationFailed: 'An error occurred while saving new user.',
  emailInUse: 'Email address is already in use.',
  productOriginFailed: 'An error occurred saving the selected category. Redirecting..',
  passwordResetRequestFailed:
    'An error occurred while requesting your password reset. Please try again.',
  passwordResetFailed: 'An error occurred resetting your password. Please try again.',
  newPasswordFailed: 'An error occurred saving new password.',
  unexpectedServerError: 'An unexpected error on the server occurred. Please try again.',
  fetchUserFailed:
    'An error occurred fetching user data. Please contact customer support at {phone}.',
  updateUserFailed:
    'An error occurred updating your information. Please contact customer support at {phone}.',
  loadBillingAddressFailed: 'Error loading billing address.',
  contactFailed: 'An unexpected error occurred. Please try again.',
  // Server answers for accounts and sessions (issue #2)
  currentPasswordWrong: 'The current password is not correct.',
  passwordResetLinkInvalid:
    'This password reset link is not valid or has expired. Please request a new one.',
  tooManyLoginAttempts:
    'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  invalidPhone: 'Enter a phone number of 10 digits.',
  staffOnly: 'Only staff may do this.',
  staffNotImpersonable: 'Staff accounts cannot be impersonated.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/*
 * The error catalogue of the three spec documents (§8 of each), grouped by section. Fixed texts
 * are strings that may hold {phone} or {email}; a text that carries a runtime value (a server
 * message, a serial) is a function taking that value, so no catalogue entry is left with a
 * placeholder once `fillBrand` has run. Texts that are outputs of other rules live with those
 * rules: the payment error filter (billing/payment-errors.ts), address-verification results
 * (accounts/addresses.ts), instant-update refusals and device status or firmware errors (devices).
 */

/** Title of the error modal (store-and-public-site §8). */
export const ERROR_MODAL_TITLE = 'Error!';

/** store-and-public-site §8 "Cart, shipping and tax". */
export const STORE_CART_MESSAGES = {
  postageRateFailed: (message: string) => `Could not get the postage rate : Error ${message}`,
  shippingRatesFailed: 'There was an error getting Shipping Rates. Please try again.',
  /** Alert when overnight is chosen with a free-shipping promo; shipping falls back to regular. */
  freeShippingNotOvernight: 'Free shipping promocodes cannot be applied for Overnight Shipping',
  /** Refusal of a free-shipping promo on an overnight cart. */
  freeShippingPromoRefusedOvernight: 'Cannot apply free shipping promo to overnight shipping.',
  selectDeliveryMethodFirst: 'Please select a shipping delivery method first.',
  selectDeliveryMethod: 'Please select a delivery method.',
  inputZipCode: 'Please input a zip code.',
  setZipCodeFailed: 'An error occurred setting your zip code. Please try again.',
  selectShippingState: 'Please select Shipping State',
  callForShippingRate: 'Please call us on {phone} for a shipping rate and to confirm your order.',
  instantUpdatesNeedLogin:
    'You need to log in to your account in order to purchase Instant Updates.',
  instantUpdatesAlone: 'Instant Updates cannot be purchased with other Store Items.',
  instantUpdatesAloneAnyOther: 'Instant Updates cannot be purchased with any other store items.',
  bundledUnitsRestriction:
    'The Bundled units: 1. Cannot be purchased with other store products 2. Can only be purchased one at a time',
  loadItemsFailed: 'Error loading items, have any been added?',
  checkoutFailed: 'An unexpected error occurred proceeding to checkout. Please try again.',
  itemForSaleFailed: 'An unexpected error occurred getting the item for sale.',
  /** Wording ours: the spec allows quantities 1 to 10 without quoting a refusal. */
  quantityOutOfRange: 'Please choose a quantity from 1 to 10.',
} as const;

/** store-and-public-site §8 "Address": failures of the verification call itself. */
export const STORE_ADDRESS_MESSAGES = {
  validateAddressFailed: 'An error occurred while validating address. Please try again.',
  /** Shown before the page reloads. */
  validateTheAddressFailed: 'An error occurred validating the address.',
  validateYourAddressFailed: 'An error occurred validating your address, please try again.',
} as const;

/** store-and-public-site §8 "Order". */
export const STORE_ORDER_MESSAGES = {
  /** Not shown when the answer is a 400: the payment error filter handles that. */
  placeOrderFailed: 'There was an error placing your order. Please try again.',
  submitOrderFailed: 'An error occurred submitting your order. Please try again.',
  paymentFailed: 'An error occurred processing your payment. Please contact customer service.',
  replacementFatal: 'A fatal error occurred. Please try again.',
} as const;

/** store-and-public-site §8 "Promotions" and the promo validity answer of §5. */
export const STORE_PROMOTION_MESSAGES = {
  promotionExpired: 'Sorry, promotion has expired',
  promotionCodeInvalid: 'Sorry, invalid Promotion Code! Please check your URL and try again!',
  promotionRequestFailed: 'Sorry - there was an error processing your request.',
  promoCodeInvalid: 'Invalid Promo Code, cannot proceed!',
  invalidPromotion: 'Invalid promotion',
} as const;

/** store-and-public-site §8 "Account entry". */
export const STORE_ACCOUNT_ENTRY_MESSAGES = {
  invalidLogin: MESSAGES.invalidLogin,
  loginFailed: MESSAGES.loginFailed,
  registrationFailed: MESSAGES.registrationFailed,
  emailInUse: MESSAGES.emailInUse,
  productOriginFailed: MESSAGES.productOriginFailed,
  passwordResetRequestFailed: MESSAGES.passwordResetRequestFailed,
  passwordResetFailed: MESSAGES.passwordResetFailed,
  newPasswordFailed: MESSAGES.newPasswordFailed,
  contactFailed: MESSAGES.contactFailed,
  newsSignupFailed: 'An error occurred subscribing you for news.',
} as const;

/** store-and-public-site §8 "Sub-accounts and misc". */
export const STORE_SUB_ACCOUNT_MESSAGES = {
  createSubAccountFailed: (serverMessage: string) =>
    `Could not create Sub Account. ${serverMessage}`.trimEnd(),
  addSubAccountToDeviceFailed: 'An error occurred while adding the sub account to this device',
  removeSubAccountFailed: 'An error occurred remove sub account.',
  userDeviceSerialFailed: 'An error occurred getting the User Device Serial',
  deviceCheckingFailed: 'An error occurred processing device checking.',
  deviceNotAssociated: 'This device is not associated with the user.',
  /** After 9 checks without a new report. */
  instantUpdateFailed: 'Update Failed. Please try again.',
  unexpectedServerError: MESSAGES.unexpectedServerError,
} as const;

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

/**
 * device-management §8, except the rule outputs in devices/device-rule-messages.ts (instant-update
 * refusals, firmware and status errors).
 */
export const DEVICE_MANAGEMENT_MESSAGES = {
  fetchUserDeviceFailed: 'An error occurred fetching user device data.',
  loadDeviceInformationFailed: 'An error occurred loading device information.',
  fetchFirmwareDetailsFailed: "An error occurred fetching the Device's firmware details.",
  triggerRelayFailed: 'An error occurred triggering relay.',
  removeDeviceFailed: 'An error occurred removing the device.',
  loadNotificationsFailed: 'An error occurred while loading notifications.',
  saveNotificationFailed: 'An error occurred saving your notification.',
  updateNotificationFailed: 'An error occurred saving notification.',
  removeNotificationFailed: 'An error occurred while removing notification.',
  tooManyDeviceNotifications: (device: string) => `Too many notifications on the ${device}.`,
  tooManyPeripheralNotifications: (peripheral: string) =>
    `Too many notifications on this ${peripheral}`,
  /** Spelling kept as the spec writes it. */
  notificationLimitReached:
    'You have reached your maximum notificaiton limit. Please delete one in order to add more.',
  loadAlarmPointsFailed: 'An error occurred loading alarm points.',
  updateAlarmPointsFailed: 'An error occurred updating alarm point values.',
  addPeripheralFailed: (serverMessage: string) =>
    `An error occurred adding your new peripheral. ${serverMessage}`.trimEnd(),
  removePeripheralFailed: 'An error occurred removing peripheral.',
  /** Wording ours: the spec only says peripherals cannot be added beyond the maximum (16, §9). */
  peripheralLimitReached:
    'This device already has the maximum of 16 SPucks. Please remove one in order to add another.',
  peripheralServerError: MESSAGES.unexpectedServerError,
  replaceSpuckFailed: (message: string) => `Unable to replace SPuck, ${message}`,
  saveNewInformationFailed: 'An error occurred saving new information',
  sendTextFailed: 'An error occurred sending text',
  generateFileFailed: 'An error occurred generating the file.',
  loadDeviceDataFailed: 'An unexpected error occurred loading device data. Please try again.',
  latestReadingsFailed: 'An error occurred while retrieving latest readings.',
  nistCertificateFailed:
    "An error occurred downloading the device's NIST Certificate. Please contact customer support for further assistance.",
  recordsPeriodInvalid:
    'Cannot view records for given period, please select a different time period.',
  createSubAccountFailed: STORE_SUB_ACCOUNT_MESSAGES.createSubAccountFailed,
  addSubAccountToDeviceFailed: STORE_SUB_ACCOUNT_MESSAGES.addSubAccountToDeviceFailed,
  removeSubAccountFailed: STORE_SUB_ACCOUNT_MESSAGES.removeSubAccountFailed,
  userDeviceSerialFailed: STORE_SUB_ACCOUNT_MESSAGES.userDeviceSerialFailed,
  deviceCheckingFailed: STORE_SUB_ACCOUNT_MESSAGES.deviceCheckingFailed,
  deviceNotAssociated: STORE_SUB_ACCOUNT_MESSAGES.deviceNotAssociated,
  /** Wording ours for the fetch, edit and delete failures the spec names without quoting. */
  fetchSubAccountFailed: 'An error occurred fetching sub account details.',
  editSubAccountFailed: 'An error occurred editing sub account details.',
  deleteSubAccountFailed: 'An error occurred deleting sub account.',
  loadDebugListFailed: 'An error occurred loading the device debug list.',
  loadDebugDetailsFailed: 'An error occurred loading the device debug details.',
  /** Puck payment. */
  paymentFailed: STORE_ORDER_MESSAGES.paymentFailed,
  /** Location shown when a puck is not found. */
  spuckNotFound: 'SPuck not found',
} as const;

/** Every catalogue group by section, for lookups and for the test that no placeholder is left. */
export const MESSAGE_CATALOGUE = {
  storeCart: STORE_CART_MESSAGES,
  storeAddress: STORE_ADDRESS_MESSAGES,
  storeOrder: STORE_ORDER_MESSAGES,
  storePromotion: STORE_PROMOTION_MESSAGES,
  storeAccountEntry: STORE_ACCOUNT_ENTRY_MESSAGES,
  storeSubAccount: STORE_SUB_ACCOUNT_MESSAGES,
  accountAlerts: ACCOUNT_ALERT_MESSAGES,
  registration: REGISTRATION_MESSAGES,
  device: DEVICE_MANAGEMENT_MESSAGES,
} as const;

/** Fills the per-brand placeholders {phone} and {email} (accounts-devices-billing §9). */
export function fillBrand(message: string, brand: Pick<Brand, 'phone' | 'email'>): string {
  return message.replaceAll('{phone}', brand.phone).replaceAll('{email}', brand.email);
}
