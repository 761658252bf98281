import type { Brand } from './brands';

/**
 * Messages shown word for word. `{phone}` and `{email}` are filled from the brand with
 * `fillBrand`. The catalogue's other groups are in store-messages.ts, account-messages.ts and
 * device-messages.ts: a page's download then holds only the groups it uses (bench/web).
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
  // A new sign-in e-mail needs the password (issue #22)
  currentPasswordForEmail: 'Enter your current password to change your e-mail address.',
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

/** Fills the per-brand placeholders {phone} and {email} (accounts-devices-billing §9). */
export function fillBrand(message: string, brand: Pick<Brand, 'phone' | 'email'>): string {
  return message.replaceAll('{phone}', brand.phone).replaceAll('{email}', brand.email);
}
