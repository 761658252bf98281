import { MESSAGES } from './messages';

/* The store's messages (store-and-public-site §8), shown word for word; see messages.ts. */

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
  /** Wording ours: the pet monitor upgrade (27) follows the instant-update rules (decision 044). */
  petMonitorNeedsLogin:
    'You need to log in to your account in order to purchase the Pet Monitor upgrade.',
  petMonitorAlone: 'The Pet Monitor upgrade cannot be purchased with other Store Items.',
  bundledUnitsRestriction:
    'The Bundled units: 1. Cannot be purchased with other store products 2. Can only be purchased one at a time',
  loadItemsFailed: 'Error loading items, have any been added?',
  checkoutFailed: 'An unexpected error occurred proceeding to checkout. Please try again.',
  itemForSaleFailed: 'An unexpected error occurred getting the item for sale.',
  /** Wording ours: the spec allows quantities 1 to 10 without quoting a refusal. */
  quantityOutOfRange: 'Please choose a quantity from 1 to 10.',
  /** Wording ours: an add that would take a line past 10 (issue #24). */
  lineOverLimit:
    'One order takes at most 10 of each item. To order more, please call us on {phone}.',
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
  /** The spec's refusal hides why; the cause beside it is the spec's own expiry words (issue #24). */
  promoCodeExpired: 'Invalid Promo Code, cannot proceed! Sorry, promotion has expired.',
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
