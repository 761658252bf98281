import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_NUMBER_MIN_LENGTH,
  CARD_TYPE_LABELS,
  CARD_TYPES,
  detectCardType,
  lastFourDigits,
  parseCardType,
  passesLuhnCheck,
  validateCardNumber,
  type CardType,
} from './cards';

/*
 * Published test numbers of card providers: Braintree's sandbox list
 * (developer.paypal.com/braintree/docs/reference/general/testing) and Stripe's
 * (stripe.com/docs/testing). All pass Mod-10.
 */
const PROVIDER_TEST_CARDS: readonly [string, CardType][] = [
  ['4111111111111111', 'Visa'],
  ['4242424242424242', 'Visa'],
  ['4012888888881881', 'Visa'],
  ['4009348888881881', 'Visa'],
  ['4005519200000004', 'Visa'],
  ['4500600000000061', 'Visa'],
  ['4000056655665556', 'Visa'],
  ['4000111111111115', 'Visa'],
  ['4012000033330026', 'Visa'],
  ['4012000077777777', 'Visa'],
  ['4217651111111119', 'Visa'],
  ['5555555555554444', 'MasterCard'],
  ['5105105105105100', 'MasterCard'],
  ['5200828282828210', 'MasterCard'],
  ['6011111111111117', 'Discover'],
  ['6011000990139424', 'Discover'],
  ['6011000991300009', 'Discover'],
  ['6011981111111113', 'Discover'],
  ['378282246310005', 'Amex'],
  ['371449635398431', 'Amex'],
  ['378734493671000', 'Amex'],
];

/** Provider test numbers of brands or ranges outside the spec's four formats. */
const OUTSIDE_THE_SPEC: readonly string[] = [
  '2223003122003222', // MasterCard 2-series: the spec takes 51–55 only
  '2223000048400011', // MasterCard 2-series
  '3530111333300000', // JCB
  '30569309025904', // Diners Club
  '6304000000000000', // Maestro
  '6243030000000001', // UnionPay
];

describe('card types', () => {
  it('offers Visa, MasterCard, Discover and Amex, with Amex labelled American Express (store-and-public-site §5)', () => {
    expect(CARD_TYPES).toEqual(['Visa', 'MasterCard', 'Discover', 'Amex']);
    expect(CARD_TYPES.map((t) => CARD_TYPE_LABELS[t])).toEqual([
      'Visa',
      'MasterCard',
      'Discover',
      'American Express',
    ]);
  });

  it('reads a type by its name or its label', () => {
    expect(parseCardType('American Express')).toBe('Amex');
    expect(parseCardType('amex')).toBe('Amex');
    expect(parseCardType(' mastercard ')).toBe('MasterCard');
    expect(parseCardType('JCB')).toBeNull();
    expect(parseCardType('')).toBeNull();
  });
});

describe('detectCardType', () => {
  it('knows each brand by its leading digits (accounts-devices-billing §5)', () => {
    expect(detectCardType('4')).toBe('Visa');
    for (const prefix of ['51', '52', '53', '54', '55'])
      expect(detectCardType(prefix)).toBe('MasterCard');
    expect(detectCardType('50')).toBeNull();
    expect(detectCardType('56')).toBeNull();
    expect(detectCardType('6011')).toBe('Discover');
    expect(detectCardType('6012')).toBeNull();
    expect(detectCardType('34')).toBe('Amex');
    expect(detectCardType('37')).toBe('Amex');
    expect(detectCardType('35')).toBeNull();
  });
});

describe('passesLuhnCheck', () => {
  it('accepts the classic example and refuses one changed digit (accounts-devices-billing §5 Mod-10)', () => {
    expect(passesLuhnCheck('79927398713')).toBe(true);
    expect(passesLuhnCheck('79927398710')).toBe(false);
    expect(passesLuhnCheck('4111111111111112')).toBe(false);
    expect(passesLuhnCheck('')).toBe(false);
    expect(passesLuhnCheck('4111-1111')).toBe(false);
  });

  it('catches every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROVIDER_TEST_CARDS.map(([n]) => n)),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (number, at, delta) => {
          const i = at % number.length;
          const changed = (Number(number[i]) + delta) % 10;
          const typo = `${number.slice(0, i)}${changed}${number.slice(i + 1)}`;
          expect(passesLuhnCheck(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('validateCardNumber', () => {
  it.each(PROVIDER_TEST_CARDS)('accepts the provider test number %s as %s', (number, type) => {
    expect(validateCardNumber(number)).toEqual({ isValid: true, type, digits: number });
    expect(validateCardNumber(number, type)).toEqual({ isValid: true, type, digits: number });
  });

  it.each(OUTSIDE_THE_SPEC)('refuses %s, a brand or range the spec does not list', (number) => {
    expect(validateCardNumber(number).isValid).toBe(false);
  });

  it('refuses anything shorter than 13 characters before looking further (accounts-devices-billing §9)', () => {
    expect(CARD_NUMBER_MIN_LENGTH).toBe(13);
    expect(validateCardNumber('411111111111')).toEqual({ isValid: false, problem: 'tooShort' });
    expect(validateCardNumber('4111-1111-11')).toEqual({ isValid: false, problem: 'tooShort' });
    // Characters are counted, dashes included: 13 characters pass the length check.
    expect(validateCardNumber('4111-1111-111')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
    expect(validateCardNumber('')).toEqual({ isValid: false, problem: 'tooShort' });
  });

  it('takes dashes between the groups of four for Visa, MasterCard and Discover (accounts-devices-billing §5)', () => {
    expect(validateCardNumber('4111-1111-1111-1111')).toMatchObject({
      isValid: true,
      digits: '4111111111111111',
    });
    expect(validateCardNumber('5555-5555-5555-4444')).toMatchObject({
      isValid: true,
      type: 'MasterCard',
    });
    expect(validateCardNumber('6011-1111-1111-1117')).toMatchObject({
      isValid: true,
      type: 'Discover',
    });
    expect(validateCardNumber('4111-111111111111')).toMatchObject({ isValid: true });
  });

  it('refuses dashes anywhere else, and spaces', () => {
    expect(validateCardNumber('41-11111111111111')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
    expect(validateCardNumber('4111--1111-1111-1111')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
    expect(validateCardNumber('4111 1111 1111 1111')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
  });

  it('refuses dashes in an Amex number (accounts-devices-billing §5 "dashes optional except Amex")', () => {
    expect(validateCardNumber('3782-822463-10005')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
    expect(validateCardNumber('3782-8224-6310-005')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
  });

  it('wants 16 digits for Visa, MasterCard and Discover and 15 for Amex', () => {
    expect(validateCardNumber('4222222222222')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    }); // 13-digit Visa
    expect(validateCardNumber('41111111111111111')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
    expect(validateCardNumber('3782822463100050')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
    expect(validateCardNumber('601111111111117')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
  });

  it('refuses a number whose leading digits name no accepted brand', () => {
    expect(validateCardNumber('1000000000000008')).toEqual({
      isValid: false,
      problem: 'unknownType',
    });
  });

  it('refuses a number that is not of the type chosen on the form', () => {
    expect(validateCardNumber('5555555555554444', 'Visa')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
    expect(validateCardNumber('4111111111111111', 'Amex')).toEqual({
      isValid: false,
      problem: 'invalidFormat',
    });
  });

  it('refuses a well-formed number that fails Mod-10 (accounts-devices-billing §5)', () => {
    expect(validateCardNumber('4111111111111112')).toEqual({
      isValid: false,
      problem: 'failedChecksum',
    });
    expect(validateCardNumber('4111-1111-1111-1112')).toEqual({
      isValid: false,
      problem: 'failedChecksum',
    });
    expect(validateCardNumber('378282246310006')).toEqual({
      isValid: false,
      problem: 'failedChecksum',
    });
  });

  it('ignores spaces around the number', () => {
    expect(validateCardNumber(' 4111111111111111 ')).toMatchObject({ isValid: true });
  });
});

describe('lastFourDigits', () => {
  it('keeps only the last four digits (accounts-devices-billing §3 "Card info")', () => {
    expect(lastFourDigits('4111-1111-1111-1234')).toBe('1234');
    expect(lastFourDigits('378282246310005')).toBe('0005');
  });
});
