import { describe, expect, it } from 'vitest';
import { fillBrand } from '../shared/messages';
import {
  filterPaymentErrors,
  NO_PAYMENT_FORM_FLAGS,
  PAYMENT_ERROR_MESSAGES as M,
  PAYMENT_FIELD_MESSAGES,
  type PaymentFormFlag,
} from './payment-errors';

const flagsOf = (...set: PaymentFormFlag[]) => ({
  ...NO_PAYMENT_FORM_FLAGS,
  ...Object.fromEntries(set.map((f) => [f, true])),
});

const one = (code: number | string | null, message?: string) =>
  filterPaymentErrors({ status: 400, errors: [{ code, message: message ?? null }] });

describe('payment error filter, table row by row (store-and-public-site §8)', () => {
  it.each([10502, 10535, 10521, 10567, 10759, 10527])(
    'flags the card for code %i and gives the single-field message',
    (code) => {
      expect(one(code)).toEqual({
        kind: 'singleField',
        flags: flagsOf('invalidCard'),
        messages: [M.singleFieldError],
      });
    },
  );

  it.each(['Invalid credit card number', 'Invalid card type', 'INVALID CARD TYPE: Diners'])(
    'flags the card for the text "%s"',
    (text) => {
      expect(one(null, text)).toMatchObject({ kind: 'singleField', flags: flagsOf('invalidCard') });
    },
  );

  it.each([10508, 10562, 10563])('flags the expiration for code %i', (code) => {
    expect(one(code)).toEqual({
      kind: 'singleField',
      flags: flagsOf('invalidExpiration'),
      messages: [M.singleFieldError],
    });
  });

  it.each([
    'Invalid address',
    'Invalid billing address.',
    'The street address is invalid address data',
  ])('flags the address for the text "%s"', (text) => {
    expect(one(null, text)).toMatchObject({
      kind: 'singleField',
      flags: flagsOf('invalidAddress'),
    });
  });

  it('does not flag the address for a text that only mentions an address', () => {
    expect(one(null, 'Address verification unavailable')).toMatchObject({
      kind: 'generic',
      flags: flagsOf(),
    });
  });

  it.each([10504, 10571])('flags the CVV for code %i', (code) => {
    expect(one(code)).toEqual({
      kind: 'singleField',
      flags: flagsOf('invalidCvv'),
      messages: [M.singleFieldError],
    });
  });

  it.each([15004, 15005, 15006, 15007])(
    'alerts a bank decline for code %i and flags expiration and CVV',
    (code) => {
      expect(one(code)).toEqual({
        kind: 'alert',
        flags: flagsOf('invalidExpiration', 'invalidCvv'),
        messages: ['Card declined by bank. Please check expiration and CVV2 or try another card.'],
      });
    },
  );

  it('alerts the same bank decline for 10762 without flagging a field', () => {
    expect(one(10762)).toEqual({
      kind: 'alert',
      flags: flagsOf(),
      messages: ['Card declined by bank. Please check expiration and CVV2 or try another card.'],
    });
  });

  it('alerts a processor decline for 10544', () => {
    expect(one(10544)).toEqual({
      kind: 'alert',
      flags: flagsOf(),
      messages: ['Card declined by payments processor.'],
    });
  });

  it('alerts an issuing-bank decline for 10752', () => {
    expect(one(10752)).toEqual({
      kind: 'alert',
      flags: flagsOf(),
      messages: ['Transaction declined by the card issuing bank. Please try another card.'],
    });
  });

  it.each([10001, 10523, 10547])(
    'alerts a processor internal error for %i: another card or later',
    (code) => {
      expect(one(code)).toEqual({
        kind: 'alert',
        flags: flagsOf(),
        messages: [M.processorInternalError],
      });
      expect(M.processorInternalError).toMatch(/different card/);
      expect(M.processorInternalError).toMatch(/later/);
    },
  );

  it('alerts to check all information for 10004', () => {
    expect(one(10004)).toEqual({ kind: 'alert', flags: flagsOf(), messages: [M.checkInformation] });
    expect(M.checkInformation).toMatch(/check all of your information/);
  });

  it('alerts to try again later for 10014', () => {
    expect(one(10014)).toEqual({ kind: 'alert', flags: flagsOf(), messages: [M.tryAgainLater] });
    expect(M.tryAgainLater).toMatch(/try again later/);
  });

  it.each([10534, 10541])('alerts a card restricted by the processor for %i', (code) => {
    expect(one(code)).toEqual({ kind: 'alert', flags: flagsOf(), messages: [M.cardRestricted] });
    expect(M.cardRestricted).toMatch(/restricted/);
  });

  it('alerts an unsupported card type for 10566', () => {
    expect(one(10566)).toEqual({
      kind: 'alert',
      flags: flagsOf(),
      messages: [M.cardTypeNotSupported],
    });
    expect(M.cardTypeNotSupported).toMatch(/not supported/);
  });

  it.each(['Missing field: CVV2', 'Error - missing field billing zip'])(
    'flags a missing field for "%s"',
    (text) => {
      expect(one(null, text)).toMatchObject({
        kind: 'singleField',
        flags: flagsOf('missingField'),
      });
    },
  );
});

describe('payment error filter outcome (store-and-public-site §8)', () => {
  it('gives the multiple-errors message when two or more fields are flagged', () => {
    const outcome = filterPaymentErrors({
      status: 400,
      errors: [{ code: 10527 }, { code: 10508 }, { code: null, message: 'Missing field' }],
    });
    expect(outcome).toEqual({
      kind: 'multipleFields',
      flags: flagsOf('invalidCard', 'invalidExpiration', 'missingField'),
      messages: [M.multipleFieldErrors],
    });
  });

  it('counts fields, not errors: two card errors are one flagged field', () => {
    const outcome = filterPaymentErrors({
      errors: [{ code: 10527, message: 'Invalid credit card number' }, { code: 10502 }],
    });
    expect(outcome.kind).toBe('singleField');
  });

  it('gives the generic processor message when nothing was flagged or alerted', () => {
    expect(one(99999, 'Something else')).toEqual({
      kind: 'generic',
      flags: flagsOf(),
      messages: [M.genericProcessorError],
    });
    expect(filterPaymentErrors({ errors: [] })).toMatchObject({ kind: 'generic' });
  });

  it('lets an alert stand in place of the field summary, keeping the flags for the form', () => {
    const outcome = filterPaymentErrors({ errors: [{ code: 10527 }, { code: 10544 }] });
    expect(outcome).toEqual({
      kind: 'alert',
      flags: flagsOf('invalidCard'),
      messages: ['Card declined by payments processor.'],
    });
  });

  it('shows each alert once, in the order the errors came', () => {
    const outcome = filterPaymentErrors({
      errors: [{ code: 15004 }, { code: 10762 }, { code: 10014 }],
    });
    expect(outcome.messages).toEqual([M.bankDeclined, M.tryAgainLater]);
  });

  it('reads codes sent as text', () => {
    expect(one('10504')).toMatchObject({ flags: flagsOf('invalidCvv') });
    expect(one(' ', 'Missing field')).toMatchObject({ flags: flagsOf('missingField') });
  });

  it('answers a 500 with the generic request error and contact support, whatever it carries', () => {
    const outcome = filterPaymentErrors({ status: 500, errors: [{ code: 15004 }] });
    expect(outcome).toEqual({ kind: 'requestError', flags: flagsOf(), messages: [M.requestError] });
    expect(
      fillBrand(M.requestError, { phone: '1-866-555-0142', email: 'x@example.com' }),
    ).toContain('contact customer support at 1-866-555-0142');
  });

  it('has a field message for every flag', () => {
    expect(Object.keys(PAYMENT_FIELD_MESSAGES).sort()).toEqual(
      Object.keys(NO_PAYMENT_FORM_FLAGS).sort(),
    );
  });
});
