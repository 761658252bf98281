import { describe, expect, it } from 'vitest';
import { PAYMENT_ERROR_MESSAGES } from '@monitor/domain/billing/payment-errors';
import { ApiError } from '../../../lib/api-client';
import { paymentErrorOutcome } from './payment-error-outcome';
import { cardFieldsErrorOf } from './processor-errors';

const FALLBACK = 'The server could not be reached.';
const refusal = (...processorErrors: { code?: number; message?: string }[]) =>
  new ApiError(400, 'refused', { processorErrors });

describe('a failed payment on a card form', () => {
  it('shows the bank decline word for word and flags expiration and CVV (store-and-public-site §8)', () => {
    const outcome = paymentErrorOutcome(refusal({ code: 15005 }), FALLBACK);
    expect(outcome.messages).toEqual([
      'Card declined by bank. Please check expiration and CVV2 or try another card.',
    ]);
    expect(outcome.flags).toMatchObject({
      invalidExpiration: true,
      invalidCvv: true,
      invalidCard: false,
    });
  });

  it('gives one field error the single message and several the multiple message (store-and-public-site §8)', () => {
    expect(paymentErrorOutcome(refusal({ code: 10502 }), FALLBACK)).toMatchObject({
      kind: 'singleField',
      flags: { invalidCard: true },
      messages: [PAYMENT_ERROR_MESSAGES.singleFieldError],
    });
    expect(paymentErrorOutcome(refusal({ code: 10502 }, { code: 10504 }), FALLBACK)).toMatchObject({
      kind: 'multipleFields',
      messages: [PAYMENT_ERROR_MESSAGES.multipleFieldErrors],
    });
    expect(paymentErrorOutcome(refusal({ code: 99999 }), FALLBACK).messages).toEqual([
      PAYMENT_ERROR_MESSAGES.genericProcessorError,
    ]);
  });

  it('flags a missing field from the card fields themselves (store-and-public-site §8)', () => {
    const failure = cardFieldsErrorOf({
      message: 'Missing field: Card number',
      details: { processorErrors: [{ message: 'Missing field: Card number' }] },
    });
    expect(paymentErrorOutcome(failure, FALLBACK)).toMatchObject({
      kind: 'singleField',
      flags: { missingField: true },
    });
  });

  it('answers a 500 with the request error that names customer support (store-and-public-site §8)', () => {
    const outcome = paymentErrorOutcome(new ApiError(500, 'boom'), FALLBACK);
    expect(outcome.messages).toEqual([PAYMENT_ERROR_MESSAGES.requestError]);
    expect(outcome.messages[0]).toContain('{phone}');
  });

  it('shows any other answer by the server’s message, and no answer by the fallback (accounts-devices-billing §8)', () => {
    expect(
      paymentErrorOutcome(new ApiError(409, 'Already registered.'), FALLBACK).messages,
    ).toEqual(['Already registered.']);
    expect(paymentErrorOutcome(new ApiError(0, 'offline'), FALLBACK).messages).toEqual([FALLBACK]);
    expect(paymentErrorOutcome(new Error('x'), FALLBACK).kind).toBe('message');
  });
});

describe('braintree-web’s Hosted Fields failures in the filter’s terms', () => {
  it('maps invalid fields onto card, expiration, CVV and address flags (store-and-public-site §8)', () => {
    const failure = cardFieldsErrorOf({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      details: { invalidFieldKeys: ['number', 'expirationDate', 'cvv', 'postalCode'] },
    });
    expect(paymentErrorOutcome(failure, FALLBACK).flags).toEqual({
      invalidCard: true,
      invalidExpiration: true,
      invalidCvv: true,
      invalidAddress: true,
      missingField: false,
    });
  });

  it('reads empty fields as a missing field and a network failure as try again later (store-and-public-site §8)', () => {
    expect(
      paymentErrorOutcome(cardFieldsErrorOf({ code: 'HOSTED_FIELDS_FIELDS_EMPTY' }), FALLBACK).flags
        .missingField,
    ).toBe(true);
    expect(
      paymentErrorOutcome(
        cardFieldsErrorOf({ code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR' }),
        FALLBACK,
      ).messages,
    ).toEqual([PAYMENT_ERROR_MESSAGES.tryAgainLater]);
  });
});
