import {
  ClientTokenRefused,
  PaymentProcessorUnavailable,
} from '../../adapters/payments/payment-processor';
import type { AppContext } from '../../context';
import { AppError, forbidden } from '../../platform/errors';
import { findUserById } from '../accounts/users.repository';
import { paymentProcessorUnavailable } from './payment-answers';

/**
 * A client token for the caller's card fields (store-and-public-site §7 getClientToken,
 * generateClientToken). With a customer id it must be the caller's own (`users.customer_id`), so
 * nobody reaches another customer's vaulted cards; without one it is for a new card. A refusal
 * answers the provider's own message, which the page shows (accounts-devices-billing §8 "Client
 * token failure shows the server's message text").
 */
export async function clientTokenFor(
  ctx: AppContext,
  { userId, customerId }: { userId: number | null; customerId: string | undefined },
): Promise<string> {
  if (customerId) {
    const user = userId === null ? undefined : await findUserById(ctx.db, userId);
    if (user?.customer_id !== customerId) throw forbidden();
  }
  try {
    return await ctx.payments.generateClientToken({ customerId: customerId || null });
  } catch (error) {
    if (error instanceof ClientTokenRefused) throw new AppError(502, error.message);
    if (error instanceof PaymentProcessorUnavailable) throw paymentProcessorUnavailable();
    throw error;
  }
}
