import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import type { BraintreeSettings } from './braintree-payment-processor';
import { createLocalPaymentProcessor } from './local/local-payment-processor';
import type { PaymentProcessor } from './payment-processor';

export type PaymentProcessorOptions = {
  braintree: BraintreeSettings | undefined;
  db: Kysely<DB>;
  now: () => Date;
  cardFieldsOrigin: string;
};

/**
 * Braintree when BRAINTREE_* is configured, otherwise the local processor (decision 034).
 * Braintree's SDK is loaded only then.
 */
export async function createPaymentProcessor({
  braintree,
  db,
  now,
  cardFieldsOrigin,
}: PaymentProcessorOptions): Promise<PaymentProcessor> {
  if (!braintree) return createLocalPaymentProcessor({ db, now, cardFieldsOrigin });
  const { braintreeGateway, createBraintreePaymentProcessor } =
    await import('./braintree-payment-processor');
  return createBraintreePaymentProcessor(braintreeGateway(braintree));
}
