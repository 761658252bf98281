import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  joinPhoneParts,
  normalizePhoneNumber,
  parsePhoneInput,
  splitPhoneNumber,
} from './phone';

describe('normalizePhoneNumber', () => {
  it('stores 10 digits with a leading 1 (accounts-devices-billing §3, §5)', () => {
    expect(normalizePhoneNumber('5551234567')).toBe('15551234567');
  });

  it('ignores punctuation and spaces around the digits (store-and-public-site §5)', () => {
    expect(normalizePhoneNumber('(555) 123-4567')).toBe('15551234567');
    expect(normalizePhoneNumber('+1 555.123.4567')).toBe('15551234567');
  });

  it('accepts 11 digits and keeps a leading 1 (store-and-public-site §5 "11 has a leading country digit")', () => {
    expect(normalizePhoneNumber('15551234567')).toBe('15551234567');
  });

  it('refuses fewer than 10 or more than 11 digits (accounts-devices-billing §5)', () => {
    expect(normalizePhoneNumber('555123456')).toBeNull();
    expect(normalizePhoneNumber('155512345678')).toBeNull();
    expect(normalizePhoneNumber('')).toBeNull();
  });
});

describe('splitPhoneNumber and joinPhoneParts', () => {
  it('splits a stored number into area code, prefix and line number (accounts-devices-billing §2)', () => {
    expect(splitPhoneNumber('15551234567')).toEqual({
      areaCode: '555',
      prefix: '123',
      lineNumber: '4567',
    });
  });

  it('answers null for something that is not a phone number', () => {
    expect(splitPhoneNumber('12345')).toBeNull();
  });

  it('joins the three fields back to the stored form (accounts-devices-billing §2)', () => {
    expect(joinPhoneParts({ areaCode: '555', prefix: '123', lineNumber: '4567' })).toBe(
      '15551234567',
    );
    expect(joinPhoneParts({ areaCode: '555', prefix: '12', lineNumber: '4567' })).toBeNull();
  });
});

describe('parsePhoneInput', () => {
  it('stores a phone of 10 digits with a leading 1 (accounts-devices-billing §5)', () => {
    expect(parsePhoneInput('555-123-4567')).toEqual({ isValid: true, value: '15551234567' });
  });

  it('does not store a phone with fewer than 10 digits (accounts-devices-billing §5)', () => {
    expect(parsePhoneInput('555-1234')).toEqual({ isValid: true, value: null });
  });

  it('treats an empty or missing phone as none', () => {
    expect(parsePhoneInput('')).toEqual({ isValid: true, value: null });
    expect(parsePhoneInput('   ')).toEqual({ isValid: true, value: null });
    expect(parsePhoneInput(null)).toEqual({ isValid: true, value: null });
    expect(parsePhoneInput(undefined)).toEqual({ isValid: true, value: null });
  });

  it('reports letters as a mistake instead of dropping them', () => {
    expect(parsePhoneInput('555-CALL-NOW')).toEqual({ isValid: false });
  });

  it('reports more than 11 digits as a mistake (store-and-public-site §5 "10 or 11 digits")', () => {
    expect(parsePhoneInput('1555123456789')).toEqual({ isValid: false });
  });
});

describe('formatPhoneNumber', () => {
  it('writes a stored number as its three parts, "(518) 555-0199" (accounts-devices-billing §2; issue #24)', () => {
    expect(formatPhoneNumber('15185550199')).toBe('(518) 555-0199');
  });

  it('gives back what is not a phone number as it is', () => {
    expect(formatPhoneNumber('12345')).toBe('12345');
  });
});
