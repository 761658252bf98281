import { randomBytes, randomInt } from 'node:crypto';
import type { CardType } from '@monitor/domain/billing/cards';
import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, LocalProcessorTransactionsTable } from '../../../platform/database/schema';
import {
  ClientTokenRefused,
  type PaymentProcessor,
  type PaymentResult,
  type PaymentTransaction,
  type PaymentTransactionStatus,
  type VaultedCard,
} from '../payment-processor';
import {
  BRAINTREE_VALIDATION_CODES,
  fromBraintreeProcessorCode,
  specError,
} from '../processor-codes';
import { CLIENT_TOKEN_LIFETIME_MS, issueClientToken } from './client-token';
import { FIXED_NONCES } from './test-cards';
import { newNonce } from './tokenize';

export type LocalPaymentProcessorOptions = {
  db: Kysely<DB>;
  now: () => Date;
  /** Where the browser reaches the card-fields page: an origin other than the app's (decision 038). */
  cardFieldsOrigin: string;
};

/** The card behind a nonce or a vaulted token, and how it turns out when verified or charged. */
type PaymentSource = {
  cardType: CardType;
  last4: string;
  expirationMonth: number;
  expirationYear: number;
  decline: PaymentProcessorError | null;
  paymentMethodToken: string | null;
};

type Refusal = { ok: false; errors: PaymentProcessorError[]; providerDetail?: string };

/** Thrown inside a database transaction to undo it and answer a refusal instead. */
class Undo extends Error {
  constructor(readonly refusal: Refusal) {
    super('undo');
  }
}

const refusal = (error: PaymentProcessorError, providerDetail?: string): Refusal => ({
  ok: false,
  errors: [error],
  ...(providerDetail ? { providerDetail } : {}),
});

/*
 * Braintree's sandbox answers a sale of 2000.00–2999.99 with the processor response code equal to
 * the amount, and 3000.00–3000.99 with 3000 (processor unavailable); the local processor does the
 * same, so a vaulted card (which verified) can still be made to decline at a later charge.
 */
function amountDecline(amountCents: number): PaymentProcessorError | null {
  if (amountCents >= 200_000 && amountCents < 300_100) {
    return fromBraintreeProcessorCode(Math.floor(amountCents / 100));
  }
  return null;
}

const alphanumeric = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join(
    '',
  );

/**
 * The local payment processor (decision 034): Braintree's sandbox as far as the port goes, kept in
 * the `local_processor_*` tables so it survives restarts and serves several processes. Cards come
 * in only through `tokenizeCard` (the local card-fields page), as nonces.
 */
export function createLocalPaymentProcessor({
  db,
  now,
  cardFieldsOrigin,
}: LocalPaymentProcessorOptions): PaymentProcessor {
  /** Uses a nonce up: a fixed sandbox nonce is never used up, any other exactly once. */
  async function takeNonce(
    trx: Transaction<DB>,
    nonce: string,
  ): Promise<PaymentResult<PaymentSource>> {
    const fixed = FIXED_NONCES[nonce];
    if (fixed) {
      if ('refusal' in fixed) return refusal(fixed.refusal, `fixed nonce ${nonce}`);
      return {
        ok: true,
        value: {
          ...fixed.card,
          expirationMonth: 12,
          expirationYear: now().getUTCFullYear() + 3,
          decline: fixed.decline,
          paymentMethodToken: null,
        },
      };
    }
    const row = await trx
      .updateTable('local_processor_nonces')
      .set({ consumed_at: now() })
      .where('nonce', '=', nonce)
      .where('consumed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const known = await trx
        .selectFrom('local_processor_nonces')
        .select('nonce')
        .where('nonce', '=', nonce)
        .executeTakeFirst();
      return known
        ? refusal(BRAINTREE_VALIDATION_CODES['93107']!, '93107 nonce consumed')
        : refusal(BRAINTREE_VALIDATION_CODES['91565']!, '91565 unknown nonce');
    }
    return {
      ok: true,
      value: {
        cardType: row.card_type as CardType,
        last4: row.last4 ?? '',
        expirationMonth: row.expiration_month ?? 0,
        expirationYear: row.expiration_year ?? 0,
        decline:
          row.decline_code !== null || row.decline_message !== null
            ? { code: row.decline_code, message: row.decline_message }
            : null,
        paymentMethodToken: row.payment_method_token,
      },
    };
  }

  async function findCard(token: string): Promise<VaultedCard | null> {
    const row = await db
      .selectFrom('local_processor_payment_methods')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    return row
      ? {
          token: row.token,
          customerId: row.customer_id,
          cardType: row.card_type as CardType,
          last4: row.last4,
          expirationMonth: row.expiration_month,
          expirationYear: row.expiration_year,
        }
      : null;
  }

  /** Runs `work` in a database transaction; an `Undo` thrown inside rolls it back and answers. */
  async function inTransaction<T>(
    work: (trx: Transaction<DB>) => Promise<PaymentResult<T>>,
  ): Promise<PaymentResult<T>> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (error instanceof Undo) return error.refusal;
      throw error;
    }
  }

  return {
    kind: 'local',

    async generateClientToken({ customerId }) {
      if (customerId) {
        const customer = await db
          .selectFrom('local_processor_customers')
          .select('id')
          .where('id', '=', customerId)
          .executeTakeFirst();
        if (!customer)
          throw new ClientTokenRefused('Customer specified by customer_id does not exist');
      }
      const expiresAt = new Date(now().getTime() + CLIENT_TOKEN_LIFETIME_MS);
      return issueClientToken(db, { customerId: customerId ?? null, expiresAt }, cardFieldsOrigin);
    },

    async createCustomer(input) {
      const customerId = String(randomInt(100_000_000, 1_000_000_000));
      await db
        .insertInto('local_processor_customers')
        .values({
          id: customerId,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          created_at: now(),
        })
        .execute();
      return { customerId };
    },

    async vaultCard({ customerId, nonce }) {
      return inTransaction(async (trx) => {
        const customer = await trx
          .selectFrom('local_processor_customers')
          .select('id')
          .where('id', '=', customerId)
          .executeTakeFirst();
        if (!customer) {
          throw new Undo(refusal(specError(10004, 'Customer ID is invalid.'), '91510 customer'));
        }
        const source = await takeNonce(trx, nonce);
        if (!source.ok) throw new Undo(source);
        // The verification: a card that would decline is refused before it is kept.
        if (source.value.decline) return refusal(source.value.decline, 'verification declined');
        const card: VaultedCard = {
          token: alphanumeric(7),
          customerId,
          cardType: source.value.cardType,
          last4: source.value.last4,
          expirationMonth: source.value.expirationMonth,
          expirationYear: source.value.expirationYear,
        };
        await trx
          .insertInto('local_processor_payment_methods')
          .values({
            token: card.token,
            customer_id: customerId,
            card_type: card.cardType,
            last4: card.last4,
            expiration_month: card.expirationMonth,
            expiration_year: card.expirationYear,
            created_at: now(),
          })
          .execute();
        return { ok: true, value: card };
      });
    },

    findCard,

    async deleteCard(paymentMethodToken) {
      await db
        .deleteFrom('local_processor_payment_methods')
        .where('token', '=', paymentMethodToken)
        .execute();
    },

    async createNonceForCard(paymentMethodToken) {
      const card = await findCard(paymentMethodToken);
      if (!card) throw new Error('Payment method not found');
      const nonce = newNonce();
      await db
        .insertInto('local_processor_nonces')
        .values({
          nonce,
          card_type: card.cardType,
          last4: card.last4,
          expiration_month: card.expirationMonth,
          expiration_year: card.expirationYear,
          payment_method_token: card.token,
          created_at: now(),
        })
        .execute();
      return nonce;
    },

    async sale({ amountCents, orderId, paymentMethodToken, nonce, customerId }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        return refusal(specError(10004, 'Amount must be greater than zero.'), '81531 amount');
      }
      if (!paymentMethodToken === !nonce) {
        return refusal(specError(10004, 'Cannot determine payment method.'), '91508');
      }
      return inTransaction(async (trx) => {
        // The order id's unique index: a concurrent sale with the same id waits here for the
        // first one's commit, then inserts nothing and answers the first one's transaction.
        const inserted = await trx
          .insertInto('local_processor_transactions')
          .values({
            id: alphanumeric(8),
            type: 'sale',
            order_id: orderId,
            amount_cents: amountCents,
            status: 'pending',
            customer_id: customerId ?? null,
            created_at: now(),
          })
          .onConflict((oc) => oc.column('order_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const first = await trx
            .selectFrom('local_processor_transactions')
            .selectAll()
            .where('type', '=', 'sale')
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow();
          return outcomeOf(first);
        }
        const source = paymentMethodToken
          ? await vaultedSource(trx, paymentMethodToken)
          : await takeNonce(trx, nonce!);
        if (!source.ok) throw new Undo(source);
        const decline = source.value.decline ?? amountDecline(amountCents);
        const row = await trx
          .updateTable('local_processor_transactions')
          .set({
            status: decline ? 'processor_declined' : 'submitted_for_settlement',
            payment_method_token: source.value.paymentMethodToken,
            card_type: source.value.cardType,
            last4: source.value.last4,
            decline_code: decline ? codeNumber(decline) : null,
            decline_message: decline?.message ?? null,
          })
          .where('id', '=', inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return outcomeOf(row);
      });
    },

    async findTransactionByOrderId(orderId) {
      const row = await db
        .selectFrom('local_processor_transactions')
        .selectAll()
        .where('type', '=', 'sale')
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row ? toTransaction(row) : null;
    },

    async refund({ transactionId, amountCents }) {
      return inTransaction(async (trx) => {
        // Locked, so two refunds of one sale cannot both take what is left.
        const sale = await trx
          .selectFrom('local_processor_transactions')
          .selectAll()
          .where('id', '=', transactionId)
          .where('type', '=', 'sale')
          .forUpdate()
          .executeTakeFirst();
        if (!sale) return refusal({ message: 'Transaction not found.' }, '91503 not found');
        if (sale.status !== 'submitted_for_settlement' && sale.status !== 'settled') {
          return refusal(BRAINTREE_VALIDATION_CODES['91506']!, `91506 ${sale.status}`);
        }
        const { refunded } = await trx
          .selectFrom('local_processor_transactions')
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('refunded'),
          )
          .where('refunded_transaction_id', '=', sale.id)
          .executeTakeFirstOrThrow();
        const left = sale.amount_cents - Number(refunded);
        if (left <= 0) {
          return refusal({ message: 'Transaction has already been completely refunded.' }, '91512');
        }
        const amount = amountCents ?? left;
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
          return refusal(BRAINTREE_VALIDATION_CODES['91521']!, '91521');
        }
        const credit = await trx
          .insertInto('local_processor_transactions')
          .values({
            id: alphanumeric(8),
            type: 'credit',
            order_id: null,
            amount_cents: amount,
            status: 'submitted_for_settlement',
            customer_id: sale.customer_id,
            payment_method_token: sale.payment_method_token,
            card_type: sale.card_type,
            last4: sale.last4,
            refunded_transaction_id: sale.id,
            created_at: now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { ok: true, value: toTransaction(credit) };
      });
    },
  };

  async function vaultedSource(
    trx: Transaction<DB>,
    token: string,
  ): Promise<PaymentResult<PaymentSource>> {
    const row = await trx
      .selectFrom('local_processor_payment_methods')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    if (!row) return refusal(BRAINTREE_VALIDATION_CODES['91518']!, '91518 token');
    return {
      ok: true,
      value: {
        cardType: row.card_type as CardType,
        last4: row.last4,
        expirationMonth: row.expiration_month,
        expirationYear: row.expiration_year,
        decline: null,
        paymentMethodToken: row.token,
      },
    };
  }
}

function codeNumber(error: PaymentProcessorError): number | null {
  const code = Number(error.code ?? NaN);
  return Number.isInteger(code) ? code : null;
}

type TransactionRow = Selectable<LocalProcessorTransactionsTable>;

function toTransaction(row: TransactionRow): PaymentTransaction {
  return {
    id: row.id,
    type: row.type,
    orderId: row.order_id,
    amountCents: row.amount_cents,
    status: row.status as PaymentTransactionStatus,
    cardType: row.card_type as CardType | null,
    last4: row.last4,
    createdAt: row.created_at,
  };
}

/** A sale as the port answers it: a declined one is a refusal carrying its code. */
function outcomeOf(row: TransactionRow): PaymentResult<PaymentTransaction> {
  if (row.status === 'processor_declined') {
    return refusal(
      { code: row.decline_code, message: row.decline_message },
      `processor declined, transaction ${row.id}`,
    );
  }
  return { ok: true, value: toTransaction(row) };
}
