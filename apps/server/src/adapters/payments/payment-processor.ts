import type { CardType } from '@monitor/domain/billing/cards';
import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';

/**
 * The card payment processor, as far as the product uses one (decision 033): Braintree through its
 * server SDK (`braintree-payment-processor.ts`) or the local processor inside the product
 * (`local/`), which behaves like Braintree's sandbox. Card numbers never reach the product: the
 * browser's card fields (Braintree's Hosted Fields, or the local processor's own iframe) turn a
 * card into a single-use nonce, and the product only ever holds nonces, vault tokens and what a
 * vaulted card may show (type, last 4, expiry).
 *
 * The product runs its own billing (the billing run charges vaulted cards as periods fall due), so
 * the processor's own recurring-billing feature is not used.
 */
export type PaymentProcessor = {
  readonly kind: 'local' | 'braintree';

  /**
   * A token for the browser's card fields; with a customer id the vaulted cards come along. An
   * unknown customer rejects with `ClientTokenRefused` carrying the provider's message.
   */
  generateClientToken(input: { customerId?: string | null }): Promise<string>;

  /** Creates a vault customer; the product keeps its id on the user (`users.customer_id`). */
  createCustomer(input: CustomerInput): Promise<{ customerId: string }>;

  /**
   * Vaults the card behind a single-use nonce for a customer, verifying it with the issuer first
   * (Braintree's `verifyCard`), so a card that would decline is refused here, before any charge.
   */
  vaultCard(input: {
    customerId: string;
    nonce: string;
    billingAddress?: CardBillingAddress;
    /** The browser's device data for fraud checks, passed through as given. */
    deviceData?: string | null;
  }): Promise<PaymentResult<VaultedCard>>;

  findCard(paymentMethodToken: string): Promise<VaultedCard | null>;

  /** Removes a vaulted card; removing one already gone is not an error. */
  deleteCard(paymentMethodToken: string): Promise<void>;

  /** A single-use nonce for a vaulted card (getPaymentNonce, e.g. for a 3-D Secure check). */
  createNonceForCard(paymentMethodToken: string): Promise<string>;

  /**
   * Charges a vaulted card or a nonce and submits it for settlement. `orderId` is the charge's
   * idempotency key (`charges.charge_key`): the processor keeps it with the transaction, so after a
   * lost answer `findTransactionByOrderId` tells whether the charge was made.
   */
  sale(input: {
    amountCents: number;
    orderId: string;
    paymentMethodToken?: string;
    nonce?: string;
    customerId?: string | null;
  }): Promise<PaymentResult<PaymentTransaction>>;

  /** The transaction made with this order id, if any (sales only). */
  findTransactionByOrderId(orderId: string): Promise<PaymentTransaction | null>;

  /** Returns all (no amount) or part of a settled or settling sale. */
  refund(input: {
    transactionId: string;
    amountCents?: number;
  }): Promise<PaymentResult<PaymentTransaction>>;
};

export type CustomerInput = {
  firstName: string;
  lastName: string;
  email: string;
};

export type CardBillingAddress = {
  firstName?: string;
  lastName?: string;
  streetAddress?: string;
  extendedAddress?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
};

/** What the product may know of a vaulted card: never its number or CVV. */
export type VaultedCard = {
  token: string;
  customerId: string;
  cardType: CardType;
  last4: string;
  expirationMonth: number;
  expirationYear: number;
};

export type PaymentTransactionStatus =
  'submitted_for_settlement' | 'settled' | 'processor_declined' | 'gateway_rejected' | 'voided';

export type PaymentTransaction = {
  id: string;
  type: 'sale' | 'credit';
  orderId: string | null;
  amountCents: number;
  status: PaymentTransactionStatus;
  cardType: CardType | null;
  last4: string | null;
  createdAt: Date;
};

/**
 * A refusal in the terms of the spec's payment error filter (accounts-devices-billing §8,
 * store-and-public-site §8): each error carries the processor code the filter knows (10502 …
 * 15007) or a text ('Missing field …'). Both adapters map their provider's answers onto these.
 */
export type PaymentRefusal = {
  errors: PaymentProcessorError[];
  /** For the logs: the provider's own code and text (never card data). */
  providerDetail?: string;
};

export type PaymentResult<T> = { ok: true; value: T } | ({ ok: false } & PaymentRefusal);

/** The processor could not be reached or answered nonsense: the outcome is unknown. */
export class PaymentProcessorUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProcessorUnavailable';
  }
}

/** The processor would not issue a client token; `message` is the provider's own text. */
export class ClientTokenRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientTokenRefused';
  }
}
