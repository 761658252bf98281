import { describe, expect, it } from 'vitest';
import { ACCOUNT_ALERT_MESSAGES, REGISTRATION_MESSAGES } from './account-messages';
import { DEVICE_MANAGEMENT_MESSAGES } from './device-messages';
import { MESSAGE_CATALOGUE } from './message-catalogue';
import { fillBrand, MESSAGES } from './messages';
import { STORE_CART_MESSAGES, STORE_SUB_ACCOUNT_MESSAGES } from './store-messages';

const brand = { phone: '1-866-555-0142', email: 'support@cellwatch.example' };

describe('fillBrand', () => {
  it('fills {phone} with the brand support phone (accounts-devices-billing §9)', () => {
    expect(fillBrand(MESSAGES.fetchUserFailed, brand)).toBe(
      'An error occurred fetching user data. Please contact customer support at 1-866-555-0142.',
    );
  });

  it('fills every {phone} and {email} in a message (accounts-devices-billing §9)', () => {
    expect(fillBrand('Call {phone} or {phone}, or write to {email}.', brand)).toBe(
      'Call 1-866-555-0142 or 1-866-555-0142, or write to support@cellwatch.example.',
    );
  });

  it('leaves a message without placeholders unchanged', () => {
    expect(fillBrand(MESSAGES.invalidLogin, brand)).toBe('Invalid username or password.');
  });
});

describe('MESSAGES', () => {
  it('keeps the registration conflict message word for word (store-and-public-site §8)', () => {
    expect(MESSAGES.emailInUse).toBe('Email address is already in use.');
  });

  it('keeps the login failure message word for word (accounts-devices-billing §8)', () => {
    expect(MESSAGES.invalidLogin).toBe('Invalid username or password.');
  });
});

/** Every catalogue text, with each function called on a sample runtime value. */
function catalogueTexts(): { key: string; text: string }[] {
  return Object.entries(MESSAGE_CATALOGUE).flatMap(([group, messages]) =>
    Object.entries(messages).map(([name, entry]: [string, unknown]) => {
      const key = `${group}.${name}`;
      if (typeof entry === 'string') return { key, text: entry };
      if (typeof entry === 'function') {
        const build = entry as (...args: string[]) => string;
        return { key, text: build(...Array.from({ length: build.length }, () => 'sample')) };
      }
      throw new Error(`${key} is neither a text nor a text builder`);
    }),
  );
}

describe('MESSAGE_CATALOGUE', () => {
  const texts = catalogueTexts();

  it('holds the §8 groups of all three documents', () => {
    expect(Object.keys(MESSAGE_CATALOGUE)).toEqual([
      'storeCart',
      'storeAddress',
      'storeOrder',
      'storePromotion',
      'storeAccountEntry',
      'storeSubAccount',
      'accountAlerts',
      'registration',
      'device',
    ]);
    expect(texts.length).toBeGreaterThan(90);
  });

  it('leaves no placeholder in any catalogue message once the brand is filled (accounts-devices-billing §9)', () => {
    const unfilled = texts
      .map(({ key, text }) => ({ key, text: fillBrand(text, brand) }))
      .filter(({ text }) => /\{[^}]*\}/.test(text));
    expect(unfilled).toEqual([]);
  });

  it('fills the brand phone into every message that names it (store-and-public-site §9)', () => {
    const withPhone = texts.filter(({ text }) => text.includes('{phone}'));
    expect(withPhone.map(({ key }) => key)).toEqual([
      'storeCart.callForShippingRate',
      'storeCart.lineOverLimit',
      'accountAlerts.fetchUserFailed',
      'accountAlerts.updateUserFailed',
      'accountAlerts.validateAddressContactSupport',
      'accountAlerts.setUpServicesFailed',
    ]);
    for (const { text } of withPhone) expect(fillBrand(text, brand)).toContain(brand.phone);
  });

  it('has no empty text', () => {
    expect(texts.filter(({ text }) => text.trim() === '')).toEqual([]);
  });

  it('keeps the call-for-rate text word for word (store-and-public-site §8)', () => {
    expect(fillBrand(STORE_CART_MESSAGES.callForShippingRate, brand)).toBe(
      'Please call us on 1-866-555-0142 for a shipping rate and to confirm your order.',
    );
  });

  it('puts runtime values where the spec shows them (store-and-public-site §8, device-management §8)', () => {
    expect(STORE_CART_MESSAGES.postageRateFailed('timeout')).toBe(
      'Could not get the postage rate : Error timeout',
    );
    expect(STORE_SUB_ACCOUNT_MESSAGES.createSubAccountFailed('Email taken.')).toBe(
      'Could not create Sub Account. Email taken.',
    );
    expect(STORE_SUB_ACCOUNT_MESSAGES.createSubAccountFailed('')).toBe(
      'Could not create Sub Account.',
    );
    expect(DEVICE_MANAGEMENT_MESSAGES.tooManyDeviceNotifications('Cabin')).toBe(
      'Too many notifications on the Cabin.',
    );
    expect(DEVICE_MANAGEMENT_MESSAGES.replaceSpuckFailed('not found')).toBe(
      'Unable to replace SPuck, not found',
    );
    expect(ACCOUNT_ALERT_MESSAGES.subscriptionDetailsFailed('boom')).toBe(
      'Error getting subscription details - boom',
    );
    expect(REGISTRATION_MESSAGES.deviceRegistered('ABC123')).toBe('Device ABC123 registered.');
  });

  it('keeps the spec’s spelling of the notification limit text (device-management §8)', () => {
    expect(DEVICE_MANAGEMENT_MESSAGES.notificationLimitReached).toContain('notificaiton');
  });

  it('keeps every existing MESSAGES entry the server and web use', () => {
    expect(MESSAGES.unexpectedServerError).toBe(
      'An unexpected error on the server occurred. Please try again.',
    );
    expect(Object.keys(MESSAGES)).toEqual(
      expect.arrayContaining([
        'invalidLogin',
        'loginFailed',
        'registrationFailed',
        'emailInUse',
        'productOriginFailed',
        'passwordResetRequestFailed',
        'passwordResetFailed',
        'newPasswordFailed',
        'unexpectedServerError',
        'fetchUserFailed',
        'updateUserFailed',
        'loadBillingAddressFailed',
        'contactFailed',
        'currentPasswordWrong',
        'passwordResetLinkInvalid',
        'tooManyLoginAttempts',
        'invalidPhone',
        'staffOnly',
        'staffNotImpersonable',
      ]),
    );
  });
});
