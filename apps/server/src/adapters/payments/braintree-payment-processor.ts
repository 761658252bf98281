import braintree from 'braintree';
import type { CardType } from '@monitor/domain/billing/cards';
import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';
import {
  ClientTokenRefused,
  PaymentProcessorUnavailable,
  type PaymentProcessor,
  type PaymentRefusal,
  type PaymentResult,
  type PaymentTransaction,
  type PaymentTransactionStatus,
  type VaultedCard,
} from './payment-processor';
import {
  BRAINTREE_GATEWAY_REJECTIONS,
  BRAINTREE_VALIDATION_CODES,
  fromBraintreeProcessorCode,
  specError,
} from './processor-codes';

export type BraintreeSettings = {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
};

/** Braintree's answers as the SDK parses them, as far as this adapter reads them. */
type Outcome = {
  status?: string;
  processorResponseCode?: string;
  processorResponseText?: string;
  gatewayRejectionReason?: string | null;
};
type BraintreeTransaction = Outcome & {
  id: string;
  type: string;
  orderId?: string | null;
  amount: string;
  createdAt: string;
  creditCard?: { cardType?: string; last4?: string } | null;
};
type BraintreeCard = {
  token: string;
  customerId: string;
  cardType?: string;
  last4?: string;
  expirationMonth?: string;
  expirationYear?: string;
};
type Answer = {
  success: boolean;
  message?: string;
  errors?: { deepErrors(): { code: string; message: string }[] };
  transaction?: BraintreeTransaction;
  verification?: Outcome;
  creditCardVerification?: Outcome;
  customer?: { id: string };
  paymentMethod?: BraintreeCard;
  paymentMethodNonce?: { nonce: string };
  clientToken?: string;
};

const CARD_TYPES: Readonly<Record<string, CardType>> = {
  Visa: 'Visa',
  MasterCard: 'MasterCard',
  'American Express': 'Amex',
  Discover: 'Discover',
};

const STATUSES: Readonly<Record<string, PaymentTransactionStatus>> = {
  authorized: 'submitted_for_settlement',
  authorizing: 'submitted_for_settlement',
  submitted_for_settlement: 'submitted_for_settlement',
  settling: 'submitted_for_settlement',
  settlement_pending: 'submitted_for_settlement',
  settled: 'settled',
  processor_declined: 'processor_declined',
  failed: 'processor_declined',
  settlement_declined: 'processor_declined',
  gateway_rejected: 'gateway_rejected',
  voided: 'voided',
  authorization_expired: 'voided',
};

/** Cents as Braintree's decimal amount ("12.34"), in whole numbers so no float creeps in. */
export function braintreeAmount(amountCents: number): string {
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * A refusal in the filter's terms (store-and-public-site §8, docs/payments.md): a declined or
 * rejected verification or transaction by its processor code or rejection reason, otherwise each
 * validation error by its code (Braintree's own text when the table has none).
 */
export function refusalOf(answer: Answer): PaymentRefusal {
  const outcome = answer.transaction ?? answer.verification ?? answer.creditCardVerification;
  if (outcome?.status === 'gateway_rejected') {
    const reason = outcome.gatewayRejectionReason ?? '';
    return {
      errors: [BRAINTREE_GATEWAY_REJECTIONS[reason] ?? specError(10544)],
      providerDetail: `gateway_rejected ${reason}`,
    };
  }
  if (
    outcome?.status &&
    outcome.processorResponseCode &&
    STATUSES[outcome.status] === 'processor_declined'
  ) {
    const code = Number(outcome.processorResponseCode);
    return {
      errors: [fromBraintreeProcessorCode(code, outcome.processorResponseText)],
      providerDetail: `${outcome.status} ${code} ${outcome.processorResponseText ?? ''}`.trim(),
    };
  }
  const validation = answer.errors?.deepErrors() ?? [];
  const errors: PaymentProcessorError[] = validation.map(
    (error) => BRAINTREE_VALIDATION_CODES[error.code] ?? { message: error.message },
  );
  return {
    errors: errors.length > 0 ? errors : [{ message: answer.message ?? 'Refused.' }],
    providerDetail: validation.map((error) => error.code).join(',') || answer.message,
  };
}

function toTransaction(transaction: BraintreeTransaction): PaymentTransaction {
  return {
    id: transaction.id,
    type: transaction.type === 'credit' ? 'credit' : 'sale',
    orderId: transaction.orderId ?? null,
    amountCents: centsOf(transaction.amount),
    status: STATUSES[transaction.status ?? ''] ?? 'processor_declined',
    cardType: CARD_TYPES[transaction.creditCard?.cardType ?? ''] ?? null,
    last4: transaction.creditCard?.last4 ?? null,
    createdAt: new Date(transaction.createdAt),
  };
}

function toCard(card: BraintreeCard): VaultedCard | null {
  const cardType = CARD_TYPES[card.cardType ?? ''];
  if (!cardType || !card.last4) return null;
  return {
    token: card.token,
    customerId: card.customerId,
    cardType,
    last4: card.last4,
    expirationMonth: Number(card.expirationMonth),
    expirationYear: Number(card.expirationYear),
  };
}

const errorType = (error: unknown) => (error as { type?: string } | null)?.type;
const isNotFound = (error: unknown) => errorType(error) === 'notFoundError';

/**
 * Every call through here: whatever the SDK throws that is not a "not found" or our own mistake
 * (attributes it does not know) — a network error, a timeout, Braintree's 5xx, bad credentials —
 * leaves the outcome unknown, so it becomes `PaymentProcessorUnavailable`. The SDK's messages hold
 * no card data.
 */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isNotFound(error) || errorType(error) === 'invalidKeysError') throw error;
    const type = errorType(error) ?? 'error';
    throw new PaymentProcessorUnavailable(
      `Braintree ${what}: ${type} ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** A gateway answer the SDK resolved: anything but an object is nonsense, and so unknown. */
function answerOf(value: unknown, what: string): Answer {
  if (typeof value !== 'object' || value === null || !('success' in value)) {
    throw new PaymentProcessorUnavailable(`Braintree ${what}: an answer without success`);
  }
  return value as Answer;
}

/**
 * Braintree through its official server SDK (decision 034). `gateway` is the SDK's gateway; tests
 * hand one pointed at a fake gateway.
 */
export function createBraintreePaymentProcessor(
  gateway: braintree.BraintreeGateway,
): PaymentProcessor {
  async function findTransactionByOrderId(orderId: string): Promise<PaymentTransaction | null> {
    const found = await call('transaction.search', async () => {
      const sales: BraintreeTransaction[] = [];
      const stream = gateway.transaction.search((search) => {
        search.orderId().is(orderId);
        search.type().is('sale');
      });
      for await (const transaction of stream) sales.push(transaction as BraintreeTransaction);
      return sales;
    });
    // The newest when a retry made several (only a declined sale is retried with the same id).
    const newest = found.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    return newest ? toTransaction(newest) : null;
  }

  return {
    kind: 'braintree',

    async generateClientToken({ customerId }) {
      const answer = answerOf(
        await call('clientToken.generate', () =>
          gateway.clientToken.generate(customerId ? { customerId } : {}),
        ),
        'clientToken.generate',
      );
      if (!answer.success || !answer.clientToken) {
        throw new ClientTokenRefused(answer.message ?? 'The client token was refused.');
      }
      return answer.clientToken;
    },

    async createCustomer(input) {
      const answer = answerOf(
        await call('customer.create', () => gateway.customer.create(input)),
        'customer.create',
      );
      if (!answer.success || !answer.customer) {
        throw new PaymentProcessorUnavailable(`Braintree customer.create: ${answer.message}`);
      }
      return { customerId: answer.customer.id };
    },

    async vaultCard({ customerId, nonce, billingAddress, deviceData }) {
      const answer = answerOf(
        await call('paymentMethod.create', () =>
          gateway.paymentMethod.create({
            customerId,
            paymentMethodNonce: nonce,
            ...(billingAddress && { billingAddress }),
            ...(deviceData && { deviceData }),
            options: { verifyCard: true },
          }),
        ),
        'paymentMethod.create',
      );
      if (!answer.success || !answer.paymentMethod) return { ok: false, ...refusalOf(answer) };
      const card = toCard(answer.paymentMethod);
      if (!card) {
        // Not a card the product offers (store-and-public-site §5): not kept.
        await call('paymentMethod.delete', () =>
          gateway.paymentMethod.delete(answer.paymentMethod!.token),
        );
        return { ok: false, errors: [specError(10566)], providerDetail: 'card type not offered' };
      }
      return { ok: true, value: card };
    },

    async findCard(paymentMethodToken) {
      try {
        const card = await call('paymentMethod.find', () =>
          gateway.paymentMethod.find(paymentMethodToken),
        );
        return toCard(card);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async deleteCard(paymentMethodToken) {
      try {
        await call('paymentMethod.delete', () => gateway.paymentMethod.delete(paymentMethodToken));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async createNonceForCard(paymentMethodToken) {
      const answer = answerOf(
        await call('paymentMethodNonce.create', () =>
          gateway.paymentMethodNonce.create(paymentMethodToken),
        ),
        'paymentMethodNonce.create',
      );
      if (!answer.success || !answer.paymentMethodNonce) {
        throw new Error(`Braintree paymentMethodNonce.create: ${answer.message}`);
      }
      return answer.paymentMethodNonce.nonce;
    },

    async sale({ amountCents, orderId, paymentMethodToken, nonce, customerId }) {
      // Braintree keeps the order id but does not refuse a second sale with it: look first.
      const earlier = await findTransactionByOrderId(orderId);
      if (
        earlier &&
        earlier.status !== 'processor_declined' &&
        earlier.status !== 'gateway_rejected'
      ) {
        return { ok: true, value: earlier };
      }
      const answer = answerOf(
        await call('transaction.sale', () =>
          gateway.transaction.sale({
            amount: braintreeAmount(amountCents),
            orderId,
            ...(paymentMethodToken ? { paymentMethodToken } : { paymentMethodNonce: nonce }),
            ...(customerId && !paymentMethodToken ? { customerId } : {}),
            options: { submitForSettlement: true },
          }),
        ),
        'transaction.sale',
      );
      if (!answer.success || !answer.transaction) return { ok: false, ...refusalOf(answer) };
      return { ok: true, value: toTransaction(answer.transaction) };
    },

    findTransactionByOrderId,

    async refund({ transactionId, amountCents }): Promise<PaymentResult<PaymentTransaction>> {
      let answer: Answer;
      try {
        answer = answerOf(
          await call('transaction.refund', () =>
            gateway.transaction.refund(
              transactionId,
              amountCents === undefined ? undefined : braintreeAmount(amountCents),
            ),
          ),
          'transaction.refund',
        );
      } catch (error) {
        if (isNotFound(error))
          return { ok: false, errors: [{ message: 'Transaction not found.' }] };
        throw error;
      }
      if (!answer.success || !answer.transaction) return { ok: false, ...refusalOf(answer) };
      return { ok: true, value: toTransaction(answer.transaction) };
    },
  };
}

/** The SDK's gateway for the configured account. */
export function braintreeGateway(settings: BraintreeSettings): braintree.BraintreeGateway {
  return new braintree.BraintreeGateway({
    environment:
      settings.environment === 'production'
        ? braintree.Environment.Production
        : braintree.Environment.Sandbox,
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });
}
