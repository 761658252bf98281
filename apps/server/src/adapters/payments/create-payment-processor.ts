import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import {
  braintreeGateway,
  createBraintreePaymentProcessor,
  type BraintreeSettings,
} from './braintree-payment-processor';
import { createLocalPaymentProcessor } from './local/local-payment-processor';
import type { PaymentProcessor } from './payment-processor';

export type PaymentProcessorOptions = {
  braintree: BraintreeSettings | undefined;
  db: Kysely<DB>;
  now: () => Date;
  cardFieldsOrigin: string;
};

/** Braintree when BRAINTREE_* is configured, otherwise the local processor (decision 034). */
export function createPaymentProcessor({
  braintree,
  db,
  now,
  cardFieldsOrigin,
}: PaymentProcessorOptions): PaymentProcessor {
  return braintree
    ? createBraintreePaymentProcessor(braintreeGateway(braintree))
    : createLocalPaymentProcessor({ db, now, cardFieldsOrigin });
}
