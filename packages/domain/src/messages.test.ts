import { describe, expect, it } from 'vitest';
import { fillBrand, MESSAGES } from './messages';

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
