import {
  filterPaymentErrors,
  NO_PAYMENT_FORM_FLAGS,
  PAYMENT_ERROR_MESSAGES,
  type PaymentErrorOutcomeKind,
  type PaymentFormFlags,
} from '@monitor/domain/billing/payment-errors';
import { ApiError } from '../../../lib/api-client';
import { processorErrorsOf } from './processor-errors';

/** What a card form shows after a failed payment: field flags and the messages, in order. */
export type PaymentFormError = {
  /** The filter's outcome, or `message` for an answer that is no card refusal. */
  kind: PaymentErrorOutcomeKind | 'message';
  flags: PaymentFormFlags;
  messages: string[];
};

/**
 * A failed payment as the card form shows it (store-and-public-site §8, accounts-devices-billing
 * §8): a card refusal (a failed tokenize, or the API's 400 with `processorErrors`) through the
 * payment error filter; a 500 as the filter's request error with contact support; any other
 * answer by the server's own message (a 409, the processor unavailable, a §8 saga message), and
 * no answer at all by `fallback`. Messages may hold {phone}: the caller fills them.
 */
export function paymentErrorOutcome(error: unknown, fallback: string): PaymentFormError {
  const errors = processorErrorsOf(error);
  if (errors) return filterPaymentErrors({ status: 400, errors });
  if (error instanceof ApiError && error.status === 500) {
    return filterPaymentErrors({ status: 500, errors: [] });
  }
  const message = error instanceof ApiError && error.status > 0 ? error.message : fallback;
  return { kind: 'message', flags: { ...NO_PAYMENT_FORM_FLAGS }, messages: [message] };
}

export { PAYMENT_ERROR_MESSAGES };
