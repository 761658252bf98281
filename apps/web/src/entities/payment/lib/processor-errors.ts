import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';
import { ApiError } from '../../../lib/api-client';

/**
 * A card-fields error (a failed tokenize) as the processor's errors in the payment error filter's
 * terms (store-and-public-site §8). The local processor's fields reject with
 * `details.processorErrors` already in those terms; braintree-web's Hosted Fields reject with
 * their own codes, translated here by what they say of the fields (docs/payments.md).
 */
export class CardFieldsError extends Error {
  readonly processorErrors: PaymentProcessorError[];

  constructor(message: string, processorErrors: PaymentProcessorError[]) {
    super(message);
    this.name = 'CardFieldsError';
    this.processorErrors = processorErrors;
  }
}

type HostedFieldsFailure = {
  message?: string;
  code?: string;
  details?: { processorErrors?: PaymentProcessorError[]; invalidFieldKeys?: string[] };
};

/** braintree-web's invalid field keys onto the filter's codes (the same as the server's mapping). */
const FIELD_ERRORS: Record<string, PaymentProcessorError> = {
  number: { code: 10502, message: 'Invalid credit card number.' },
  expirationDate: { code: 10508, message: 'Invalid expiration date.' },
  expirationMonth: { code: 10508, message: 'Invalid expiration date.' },
  expirationYear: { code: 10508, message: 'Invalid expiration date.' },
  cvv: { code: 10504, message: 'Invalid CVV.' },
  postalCode: { message: 'Invalid billing address.' },
};

/** What a failed tokenize means to the filter. */
export function cardFieldsErrorOf(failure: HostedFieldsFailure): CardFieldsError {
  const message = failure.message ?? 'The card could not be read.';
  const given = failure.details?.processorErrors;
  if (given && given.length > 0) return new CardFieldsError(message, given);
  switch (failure.code ?? '') {
    case 'HOSTED_FIELDS_FIELDS_EMPTY':
      return new CardFieldsError(message, [{ message: 'Missing field: card details' }]);
    case 'HOSTED_FIELDS_FIELDS_INVALID':
      return new CardFieldsError(
        message,
        (failure.details?.invalidFieldKeys ?? []).flatMap((key) => FIELD_ERRORS[key] ?? []),
      );
    case 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED':
      return new CardFieldsError(message, [FIELD_ERRORS.cvv!]);
    case 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR':
      return new CardFieldsError(message, [{ code: 10014 }]);
    default:
      return new CardFieldsError(message, [{ code: 10004 }]);
  }
}

/**
 * The processor's errors an error carries, or null when it is not a card refusal: a failed
 * tokenize, or an answer of the product's API with `processorErrors` (a 400 from the server's
 * filter, decision 034).
 */
export function processorErrorsOf(error: unknown): PaymentProcessorError[] | null {
  if (error instanceof CardFieldsError) return error.processorErrors;
  if (error instanceof ApiError && Array.isArray(error.details.processorErrors)) {
    return error.details.processorErrors as PaymentProcessorError[];
  }
  return null;
}
