import {
  PAYMENT_ERROR_MESSAGES as M,
  type PaymentFormFlag,
} from '@monitor/domain/billing/payment-errors';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardDecliningWith,
  DECLINE_TEST_CARDS,
  GOOD_CARDS,
  INVALID_ADDRESS_TEST_CARD,
  nonceFor,
  vaultedCardFor,
} from '../../../../test/helpers/payments';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ClientTokenRefused, type PaymentProcessor } from '../payment-processor';
import { shownFor } from '../payment-processor.contract';
import { verifyAuthorizationFingerprint, type LocalClientToken } from './client-token';
import { createLocalPaymentProcessor } from './local-payment-processor';
import { tokenizeCard } from './tokenize';

/** Every code of the spec's filter table with what the form must show for it (store-and-public-site §8). */
const EXPECTED: [number, PaymentFormFlag[], string[]][] = [
  ...[10502, 10535, 10521, 10567, 10759, 10527].map(
    (code): [number, PaymentFormFlag[], string[]] => [code, ['invalidCard'], []],
  ),
  ...[10508, 10562, 10563].map((code): [number, PaymentFormFlag[], string[]] => [
    code,
    ['invalidExpiration'],
    [],
  ]),
  [10504, ['invalidCvv'], []],
  [10571, ['invalidCvv'], []],
  ...[15004, 15005, 15006, 15007].map((code): [number, PaymentFormFlag[], string[]] => [
    code,
    ['invalidExpiration', 'invalidCvv'],
    [M.bankDeclined],
  ]),
  [10762, [], [M.bankDeclined]],
  [10544, [], [M.processorDeclined]],
  [10752, [], [M.issuingBankDeclined]],
  [10001, [], [M.processorInternalError]],
  [10523, [], [M.processorInternalError]],
  [10547, [], [M.processorInternalError]],
  [10004, [], [M.checkInformation]],
  [10014, [], [M.tryAgainLater]],
  [10534, [], [M.cardRestricted]],
  [10541, [], [M.cardRestricted]],
  [10566, [], [M.cardTypeNotSupported]],
];

describe('the local payment processor (store-and-public-site §7 Payment, §8 payment error filter)', () => {
  let t: TestApp;
  let payments: PaymentProcessor;
  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-22T12:00:00Z') });
    payments = t.ctx.payments;
  });
  afterAll(() => t.close());

  const newCustomer = async () =>
    (await payments.createCustomer({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }))
      .customerId;

  it('is the context’s processor when Braintree is not configured', () => {
    expect(payments.kind).toBe('local');
  });

  it('has one Luhn-valid test card for every code of the filter table (store-and-public-site §8)', () => {
    expect(Object.values(DECLINE_TEST_CARDS).sort()).toEqual(EXPECTED.map(([code]) => code).sort());
    for (const [card, code] of Object.entries(DECLINE_TEST_CARDS)) {
      expect(cardDecliningWith(code)).toBe(card);
    }
  });

  describe.each(EXPECTED)('test card for %i (store-and-public-site §8)', (code, flags, alerts) => {
    it('is refused at vaulting with the flags and alert the filter names', async () => {
      const result = await payments.vaultCard({
        customerId: await newCustomer(),
        nonce: await nonceFor(t.ctx, cardDecliningWith(code)),
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors[0]?.code).toBe(code);
      expect(shownFor(result.errors)).toEqual({ flags, alerts });
    });

    it('is declined at a sale the same way', async () => {
      const result = await payments.sale({
        amountCents: 1999,
        orderId: `decline-${code}`,
        nonce: await nonceFor(t.ctx, cardDecliningWith(code)),
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(shownFor(result.errors)).toEqual({ flags, alerts });
      expect((await payments.findTransactionByOrderId(`decline-${code}`))?.status).toBe(
        'processor_declined',
      );
    });
  });

  it('flags the address for its test card (store-and-public-site §8 "invalid address text")', async () => {
    const result = await payments.vaultCard({
      customerId: await newCustomer(),
      nonce: await nonceFor(t.ctx, INVALID_ADDRESS_TEST_CARD),
    });
    expect(result.ok || shownFor(result.errors)).toEqual({ flags: ['invalidAddress'], alerts: [] });
  });

  it('refuses a tokenize without a field as a missing field (store-and-public-site §8 "Missing field")', async () => {
    const result = await tokenizeCard(t.ctx, {
      number: GOOD_CARDS.visa,
      expirationMonth: '12',
      expirationYear: '2030',
      cvv: '',
    });
    expect(result.ok || shownFor(result.errors)).toEqual({ flags: ['missingField'], alerts: [] });
  });

  it('refuses a number failing the checksum as an invalid card (store-and-public-site §8)', async () => {
    const result = await tokenizeCard(t.ctx, {
      number: '4111111111111112',
      expirationMonth: '12',
      expirationYear: '2030',
      cvv: '123',
    });
    expect(result.ok || shownFor(result.errors)).toEqual({ flags: ['invalidCard'], alerts: [] });
  });

  it('refuses an expired card at tokenize with the expiration flag (store-and-public-site §8)', async () => {
    const result = await tokenizeCard(t.ctx, {
      number: GOOD_CARDS.visa,
      expirationMonth: '10',
      expirationYear: '2026',
      cvv: '123',
    });
    expect(result.ok || shownFor(result.errors)).toEqual({
      flags: ['invalidExpiration'],
      alerts: [],
    });
  });

  it.each(Object.entries(GOOD_CARDS))(
    'vaults the sandbox %s card keeping only token, type, last 4 and expiry (store-and-public-site §7)',
    async (_name, number) => {
      const customerId = await newCustomer();
      const result = await payments.vaultCard({ customerId, nonce: await nonceFor(t.ctx, number) });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value).toMatchObject({
        customerId,
        last4: number.slice(-4),
        expirationMonth: 12,
        expirationYear: 2030,
      });
      expect(await payments.findCard(result.value.token)).toEqual(result.value);
    },
  );

  it('keeps no card number or CVV in any of its tables', async () => {
    await vaultedCardFor(t.ctx, GOOD_CARDS.mastercard);
    const dump = await sql<{ text: string }>`
      SELECT (SELECT coalesce(json_agg(n), '[]') FROM local_processor_nonces n)::text
        || (SELECT coalesce(json_agg(p), '[]') FROM local_processor_payment_methods p)::text AS text`.execute(
      t.ctx.db,
    );
    const text = dump.rows[0]!.text;
    expect(text).toContain('4444');
    expect(text).not.toContain(GOOD_CARDS.mastercard);
    expect(text).not.toContain('555555555555');
  });

  it('uses a nonce once: the second use is refused with a text the filter reads (store-and-public-site §8)', async () => {
    const customerId = await newCustomer();
    const nonce = await nonceFor(t.ctx, GOOD_CARDS.visa);
    expect((await payments.vaultCard({ customerId, nonce })).ok).toBe(true);
    const again = await payments.vaultCard({ customerId, nonce });
    expect(again.ok || shownFor(again.errors)).toEqual({ flags: [], alerts: [M.checkInformation] });
    const unknown = await payments.sale({
      amountCents: 100,
      orderId: 'unknown-nonce',
      nonce: 'nope',
    });
    expect(unknown.ok || shownFor(unknown.errors)).toEqual({
      flags: [],
      alerts: [M.checkInformation],
    });
    // A refused sale is undone: nothing was recorded under its order id.
    expect(await payments.findTransactionByOrderId('unknown-nonce')).toBeNull();
  });

  it.each([
    ['fake-valid-nonce', 'Visa'],
    ['fake-valid-visa-nonce', 'Visa'],
    ['fake-valid-mastercard-nonce', 'MasterCard'],
    ['fake-valid-amex-nonce', 'Amex'],
    ['fake-valid-discover-nonce', 'Discover'],
  ])('accepts Braintree’s fixed nonce %s, again and again', async (nonce, cardType) => {
    const customerId = await newCustomer();
    for (let i = 0; i < 2; i += 1) {
      const result = await payments.vaultCard({ customerId, nonce });
      expect(result.ok && result.value.cardType).toBe(cardType);
    }
  });

  it.each([
    [
      'fake-processor-declined-visa-nonce',
      { flags: ['invalidExpiration', 'invalidCvv'], alerts: [M.bankDeclined] },
    ],
    ['fake-luhn-invalid-nonce', { flags: ['invalidCard'], alerts: [] }],
    ['fake-consumed-nonce', { flags: [], alerts: [M.checkInformation] }],
    ['fake-gateway-rejected-fraud-nonce', { flags: [], alerts: [M.processorDeclined] }],
  ])(
    'refuses Braintree’s fixed nonce %s as the filter expects (store-and-public-site §8)',
    async (nonce, expected) => {
      const vault = await payments.vaultCard({ customerId: await newCustomer(), nonce });
      expect(vault.ok || shownFor(vault.errors)).toEqual(expected);
      const sale = await payments.sale({ amountCents: 500, orderId: `fixed-${nonce}`, nonce });
      expect(sale.ok || shownFor(sale.errors)).toEqual(expected);
    },
  );

  it('charges a vaulted card once per order id, even when sales race (accounts-devices-billing §4)', async () => {
    const card = await vaultedCardFor(t.ctx);
    const sales = await Promise.all(
      Array.from({ length: 5 }, () =>
        payments.sale({ amountCents: 4599, orderId: 'race-1', paymentMethodToken: card.token }),
      ),
    );
    const ids = new Set(sales.map((sale) => (sale.ok ? sale.value.id : 'refused')));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBe('refused');
    const rows = await t.ctx.db
      .selectFrom('local_processor_transactions')
      .select('id')
      .where('order_id', '=', 'race-1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(await payments.findTransactionByOrderId('race-1')).toMatchObject({
      id: [...ids][0],
      type: 'sale',
      amountCents: 4599,
      status: 'submitted_for_settlement',
      cardType: 'Visa',
      last4: '1111',
      orderId: 'race-1',
    });
    expect(await payments.findTransactionByOrderId('never-made')).toBeNull();
  });

  it('answers a repeated sale with the first transaction and does not spend the new nonce', async () => {
    const first = await payments.sale({
      amountCents: 1000,
      orderId: 'repeat-1',
      nonce: await nonceFor(t.ctx, GOOD_CARDS.amex),
    });
    const second = await payments.sale({
      amountCents: 1000,
      orderId: 'repeat-1',
      nonce: await nonceFor(t.ctx, GOOD_CARDS.discover),
    });
    expect(first.ok && second.ok && second.value.id === first.value.id).toBe(true);
  });

  it('declines a sale of 2000.00 as Braintree’s sandbox does (processor 2000 → bank declined)', async () => {
    const card = await vaultedCardFor(t.ctx);
    const sale = await payments.sale({
      amountCents: 200_000,
      orderId: 'amount-2000',
      paymentMethodToken: card.token,
    });
    expect(sale.ok || shownFor(sale.errors)).toEqual({
      flags: ['invalidExpiration', 'invalidCvv'],
      alerts: [M.bankDeclined],
    });
  });

  it('refunds in full or in part, never more than is left', async () => {
    const card = await vaultedCardFor(t.ctx);
    const sale = await payments.sale({
      amountCents: 3000,
      orderId: 'refund-1',
      paymentMethodToken: card.token,
    });
    if (!sale.ok) throw new Error('sale refused');
    const part = await payments.refund({ transactionId: sale.value.id, amountCents: 1000 });
    expect(part.ok && part.value).toMatchObject({ type: 'credit', amountCents: 1000 });
    const tooMuch = await payments.refund({ transactionId: sale.value.id, amountCents: 2001 });
    expect(tooMuch.ok).toBe(false);
    const racing = await Promise.all([
      payments.refund({ transactionId: sale.value.id, amountCents: 1500 }),
      payments.refund({ transactionId: sale.value.id, amountCents: 1500 }),
    ]);
    expect(racing.filter((r) => r.ok)).toHaveLength(1);
    const rest = await payments.refund({ transactionId: sale.value.id });
    expect(rest.ok && rest.value.amountCents).toBe(500);
    expect((await payments.refund({ transactionId: sale.value.id })).ok).toBe(false);
    expect((await payments.refund({ transactionId: 'nosuch' })).ok).toBe(false);
  });

  it('makes a single-use nonce for a vaulted card, and forgets a deleted card', async () => {
    const card = await vaultedCardFor(t.ctx);
    const nonce = await payments.createNonceForCard(card.token);
    const sale = await payments.sale({ amountCents: 700, orderId: 'card-nonce', nonce });
    expect(sale.ok && sale.value.last4).toBe('1111');
    expect((await payments.sale({ amountCents: 700, orderId: 'card-nonce-2', nonce })).ok).toBe(
      false,
    );
    await payments.deleteCard(card.token);
    await payments.deleteCard(card.token);
    expect(await payments.findCard(card.token)).toBeNull();
    const after = await payments.sale({
      amountCents: 700,
      orderId: 'deleted',
      paymentMethodToken: card.token,
    });
    expect(after.ok).toBe(false);
  });

  it('issues a signed client token naming the customer and the card-fields page, good for a day', async () => {
    const customerId = await newCustomer();
    const token = await payments.generateClientToken({ customerId });
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as LocalClientToken;
    expect(decoded).toMatchObject({
      version: 2,
      environment: 'local',
      customerId,
      // On the app's loopback twin, another origin (decision 038).
      hostedFieldsUrl: `${t.ctx.config.cardFieldsOrigin}/local-processor/hosted-fields`,
    });
    expect(new URL(decoded.hostedFieldsUrl).origin).not.toBe(
      new URL(t.ctx.config.publicUrl).origin,
    );
    expect(decoded).toMatchObject({});
    const fingerprint = decoded.authorizationFingerprint;
    expect(await verifyAuthorizationFingerprint(t.ctx.db, fingerprint, t.ctx.now())).toMatchObject({
      customerId,
    });
    const forged = fingerprint.replace(
      /^[^.]+/,
      Buffer.from('{"customerId":"1","expiresAt":"2099-01-01T00:00:00Z"}').toString('base64url'),
    );
    expect(await verifyAuthorizationFingerprint(t.ctx.db, forged, t.ctx.now())).toBeNull();
    const tomorrow = new Date(t.ctx.now().getTime() + 24 * 60 * 60 * 1000 + 1);
    expect(await verifyAuthorizationFingerprint(t.ctx.db, fingerprint, tomorrow)).toBeNull();
    const forNewCard = JSON.parse(
      Buffer.from(await payments.generateClientToken({}), 'base64').toString('utf8'),
    ) as LocalClientToken;
    expect(forNewCard.customerId).toBeNull();
    await expect(payments.generateClientToken({ customerId: 'nobody' })).rejects.toThrow(
      new ClientTokenRefused('Customer specified by customer_id does not exist'),
    );
  });

  it('keeps its state in the database, shared by another process’s processor', async () => {
    const card = await vaultedCardFor(t.ctx);
    const other = createLocalPaymentProcessor({
      db: t.ctx.db,
      now: t.ctx.now,
      cardFieldsOrigin: 'x',
    });
    expect(await other.findCard(card.token)).toEqual(card);
  });
});
