import { useCallback, useState } from 'react';
import { PAYMENT_ERROR_MESSAGES } from '@monitor/domain/billing/payment-errors';
import { useBrandMessage } from '../../../lib/brand-context';
import { paymentErrorOutcome, type PaymentFormError } from '../lib/payment-error-outcome';

/**
 * A card form's payment errors (store-and-public-site §8): `fail(error)` runs the payment error
 * filter and keeps its outcome, {phone} filled with the brand's; `clear()` before a new attempt.
 * `fallback` is what shows when the server could not be reached.
 */
export function usePaymentErrors() {
  const fill = useBrandMessage();
  const [outcome, setOutcome] = useState<PaymentFormError | null>(null);
  const fail = useCallback(
    (error: unknown, fallback: string = PAYMENT_ERROR_MESSAGES.requestError): PaymentFormError => {
      const next = paymentErrorOutcome(error, fallback);
      const filled = { ...next, messages: next.messages.map(fill) };
      setOutcome(filled);
      return filled;
    },
    [fill],
  );
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, fail, clear };
}
