import { randomBytes } from 'node:crypto';
import {
  filterPaymentErrors,
  PAYMENT_ERROR_MESSAGES as M,
  type PaymentFormFlag,
  type PaymentProcessorError,
} from '@monitor/domain/billing/payment-errors';
import { describe, expect, it } from 'vitest';
import { ClientTokenRefused, type PaymentProcessor } from './payment-processor';

/** What the payment form shows for a refusal (store-and-public-site §8). */
export function shownFor(errors: PaymentProcessorError[]) {
  const outcome = filterPaymentErrors({ status: 400, errors });
  const flags = (Object.keys(outcome.flags) as PaymentFormFlag[]).filter((f) => outcome.flags[f]);
  return { flags, alerts: outcome.kind === 'alert' ? outcome.messages : [] };
}

export type ContractTarget = {
  payments: () => PaymentProcessor;
  /** Braintree refunds only a settled sale: the sandbox settles one on request. */
  settle: (transactionId: string) => Promise<void>;
};

/**
 * The port's contract, run against every processor (decision 034): the local one, Braintree's SDK
 * against the fake gateway, and Braintree's sandbox when BRAINTREE_* is set. Only what every one
 * of them knows is used: Braintree's fixed nonces and its amount-driven declines.
 */
export function paymentProcessorContract(name: string, target: ContractTarget, skip?: string) {
  const suite = skip ? describe.skip : describe;
  if (skip) console.info(`${name}: skipped — ${skip}`);
  suite(`${name}: the payment processor contract (store-and-public-site §7 Payment, §8)`, () => {
    const orderId = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;
    const customer = async () =>
      (
        await target.payments().createCustomer({
          firstName: 'Contract',
          lastName: 'Test',
          email: 'contract@example.com',
        })
      ).customerId;
    const vaulted = async () => {
      const result = await target
        .payments()
        .vaultCard({ customerId: await customer(), nonce: 'fake-valid-visa-nonce' });
      if (!result.ok) throw new Error(`vault refused: ${JSON.stringify(result.errors)}`);
      return result.value;
    };

    it('makes customers and client tokens; an unknown customer’s token is refused with the provider’s message', async () => {
      const payments = target.payments();
      const customerId = await customer();
      expect(customerId).toMatch(/\S/);
      expect(await payments.generateClientToken({ customerId })).toMatch(/^[A-Za-z0-9+/=]+$/);
      expect(await payments.generateClientToken({})).toMatch(/\S/);
      await expect(
        payments.generateClientToken({ customerId: 'no-such-customer' }),
      ).rejects.toThrow(ClientTokenRefused);
    });

    it('vaults a verified card, keeping token, type, last 4 and expiry; finds and deletes it', async () => {
      const payments = target.payments();
      const card = await vaulted();
      expect(card).toMatchObject({ cardType: 'Visa', last4: '1111' });
      expect(card.expirationYear).toBeGreaterThan(2000);
      expect(await payments.findCard(card.token)).toEqual(card);
      await payments.deleteCard(card.token);
      await payments.deleteCard(card.token);
      expect(await payments.findCard(card.token)).toBeNull();
    });

    it.each([
      ['fake-processor-declined-visa-nonce', ['invalidExpiration', 'invalidCvv'], [M.bankDeclined]],
      ['fake-luhn-invalid-nonce', ['invalidCard'], []],
      ['fake-consumed-nonce', [], [M.checkInformation]],
    ])(
      'refuses to vault %s as the filter expects (store-and-public-site §8)',
      async (nonce, flags, alerts) => {
        const result = await target.payments().vaultCard({ customerId: await customer(), nonce });
        expect(result.ok || shownFor(result.errors)).toEqual({ flags, alerts });
      },
    );

    it('charges once per order id and finds the sale by it', async () => {
      const payments = target.payments();
      const card = await vaulted();
      const id = orderId('sale');
      const first = await payments.sale({
        amountCents: 1000,
        orderId: id,
        paymentMethodToken: card.token,
      });
      if (!first.ok) throw new Error(`sale refused: ${JSON.stringify(first.errors)}`);
      expect(first.value).toMatchObject({
        type: 'sale',
        orderId: id,
        amountCents: 1000,
        status: 'submitted_for_settlement',
        cardType: 'Visa',
        last4: '1111',
      });
      const again = await payments.sale({
        amountCents: 1000,
        orderId: id,
        paymentMethodToken: card.token,
      });
      expect(again.ok && again.value.id).toBe(first.value.id);
      expect((await payments.findTransactionByOrderId(id))?.id).toBe(first.value.id);
      expect(await payments.findTransactionByOrderId(orderId('never'))).toBeNull();
    });

    it('charges a single-use nonce made for a vaulted card', async () => {
      const payments = target.payments();
      const card = await vaulted();
      const nonce = await payments.createNonceForCard(card.token);
      const sale = await payments.sale({ amountCents: 1500, orderId: orderId('nonce'), nonce });
      expect(sale.ok && sale.value.last4).toBe('1111');
    });

    it.each([
      [200_000, ['invalidExpiration', 'invalidCvv'], [M.bankDeclined]],
      [200_100, [], [M.issuingBankDeclined]],
    ])(
      'declines a sale of %i cents as the sandbox does (store-and-public-site §8)',
      async (amountCents, flags, alerts) => {
        const payments = target.payments();
        const card = await vaulted();
        const id = orderId('declined');
        const sale = await payments.sale({
          amountCents,
          orderId: id,
          paymentMethodToken: card.token,
        });
        expect(sale.ok || shownFor(sale.errors)).toEqual({ flags, alerts });
        expect((await payments.findTransactionByOrderId(id))?.status).toBe('processor_declined');
      },
    );

    it('refuses a sale through a fraud-rejected nonce as declined by the processor (store-and-public-site §8)', async () => {
      const sale = await target.payments().sale({
        amountCents: 1000,
        orderId: orderId('fraud'),
        nonce: 'fake-gateway-rejected-fraud-nonce',
      });
      expect(sale.ok || shownFor(sale.errors)).toEqual({
        flags: [],
        alerts: [M.processorDeclined],
      });
    });

    it('refunds part, refuses more than is left, then refunds the rest', async () => {
      const payments = target.payments();
      const card = await vaulted();
      const sale = await payments.sale({
        amountCents: 3000,
        orderId: orderId('refund'),
        paymentMethodToken: card.token,
      });
      if (!sale.ok) throw new Error('sale refused');
      await target.settle(sale.value.id);
      const part = await payments.refund({ transactionId: sale.value.id, amountCents: 1000 });
      expect(part.ok && part.value).toMatchObject({ type: 'credit', amountCents: 1000 });
      expect((await payments.refund({ transactionId: sale.value.id, amountCents: 2001 })).ok).toBe(
        false,
      );
      const rest = await payments.refund({ transactionId: sale.value.id });
      expect(rest.ok && rest.value.amountCents).toBe(2000);
    });
  });
}
