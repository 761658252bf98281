import { filterPaymentErrors } from '@monitor/domain/billing/payment-errors';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentRefusal } from '../../adapters/payments/payment-processor';
import { AppError, paymentRefused } from '../../platform/errors';

/** What a caller reads when the payment processor cannot be reached (wording ours, spec style). */
export const PAYMENT_PROCESSOR_UNAVAILABLE =
  'The payment processor is not available right now. Please try again later.';

/** 503: the processor could not be reached; the outcome of a charge is then looked up, not assumed. */
export const paymentProcessorUnavailable = () => new AppError(503, PAYMENT_PROCESSOR_UNAVAILABLE);

/**
 * A processor's refusal as the 400 the web app's payment error filter reads
 * (store-and-public-site §8): the message is what the filter would show, the errors go along as
 * `processorErrors`. The provider's own detail is logged, never answered; it holds no card data.
 */
export function refusalError(
  refusal: PaymentRefusal,
  log?: Pick<FastifyBaseLogger, 'info'>,
): AppError {
  log?.info(
    { processorErrors: refusal.errors, providerDetail: refusal.providerDetail },
    'payment refused',
  );
  const { messages } = filterPaymentErrors({ status: 400, errors: refusal.errors });
  return paymentRefused(messages.join(' '), refusal.errors);
}
