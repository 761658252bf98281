import { randomBytes } from 'node:crypto';
import type {
  PaymentProcessor,
  PaymentTransaction,
  VaultedCard,
} from '../../src/adapters/payments/payment-processor';
import { PaymentProcessorUnavailable } from '../../src/adapters/payments/payment-processor';

/**
 * A payment processor in memory for the registration saga's tests, keeping what a test must see
 * afterwards: the vaulted cards and every transaction. Nonces follow Braintree's fixed test
 * nonces: `fake-valid-nonce` vaults a Visa; `fake-processor-declined-visa-nonce` is refused by
 * the issuer's verification (processor code 10752). `declineSales` and `unavailable` make the
 * next calls fail the way a declined card or an unreachable processor does.
 */
export type FakePayments = PaymentProcessor & {
  cards: Map<string, VaultedCard>;
  transactions: PaymentTransaction[];
  customers: string[];
  declineSales: boolean;
  unavailable: boolean;
};

export function createFakePayments(): FakePayments {
  // Unique across fakes: a test file's database outlives each fake.
  const next = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;
  const fake: FakePayments = {
    kind: 'local',
    cards: new Map(),
    transactions: [],
    customers: [],
    declineSales: false,
    unavailable: false,
    generateClientToken: () => Promise.resolve('client-token'),
    createCustomer: () => {
      const customerId = next('customer-');
      fake.customers.push(customerId);
      return Promise.resolve({ customerId });
    },
    vaultCard: ({ customerId, nonce }) => {
      if (fake.unavailable) return Promise.reject(new PaymentProcessorUnavailable('down'));
      if (nonce === 'fake-processor-declined-visa-nonce')
        return Promise.resolve({
          ok: false,
          errors: [{ code: 10752, message: 'Do Not Honor' }],
        });
      const card: VaultedCard = {
        token: next('card-'),
        customerId,
        cardType: 'Visa',
        last4: '1111',
        expirationMonth: 12,
        expirationYear: 2030,
      };
      fake.cards.set(card.token, card);
      return Promise.resolve({ ok: true, value: card });
    },
    findCard: (token) => Promise.resolve(fake.cards.get(token) ?? null),
    deleteCard: (token) => {
      fake.cards.delete(token);
      return Promise.resolve();
    },
    createNonceForCard: () => Promise.resolve(next('nonce-')),
    sale: ({ amountCents, orderId, paymentMethodToken }) => {
      if (fake.unavailable) return Promise.reject(new PaymentProcessorUnavailable('down'));
      if (fake.declineSales)
        return Promise.resolve({ ok: false, errors: [{ code: 15005, message: 'Declined' }] });
      const card = paymentMethodToken ? fake.cards.get(paymentMethodToken) : undefined;
      const transaction: PaymentTransaction = {
        id: next('txn-'),
        type: 'sale',
        orderId,
        amountCents,
        status: 'submitted_for_settlement',
        cardType: card?.cardType ?? null,
        last4: card?.last4 ?? null,
        createdAt: new Date(0),
      };
      fake.transactions.push(transaction);
      return Promise.resolve({ ok: true, value: transaction });
    },
    findTransactionByOrderId: (orderId) =>
      Promise.resolve(
        fake.transactions.find((t) => t.orderId === orderId && t.type === 'sale') ?? null,
      ),
    refund: ({ transactionId }) => {
      const sale = fake.transactions.find((t) => t.id === transactionId);
      if (!sale) return Promise.resolve({ ok: false, errors: [{ code: 10004 }] });
      // Like Braintree, a sale not yet settled is voided rather than refunded.
      sale.status = 'voided';
      const credit: PaymentTransaction = {
        ...sale,
        id: next('txn-'),
        type: 'credit',
        orderId: null,
      };
      fake.transactions.push(credit);
      return Promise.resolve({ ok: true, value: credit });
    },
  };
  return fake;
}

/** Money the fake processor holds for good: sales neither voided nor refunded. */
export function standingSales(fake: FakePayments): PaymentTransaction[] {
  return fake.transactions.filter(
    (t) => t.type === 'sale' && (t.status === 'submitted_for_settlement' || t.status === 'settled'),
  );
}
