import { PAYMENT_ERROR_MESSAGES as M } from '@monitor/domain/billing/payment-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeBraintreeGateway,
  type FakeBraintreeGateway,
} from '../../../test/helpers/fake-braintree-gateway';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { loadConfig } from '../../platform/config/config';
import {
  braintreeAmount,
  braintreeGateway,
  createBraintreePaymentProcessor,
  refusalOf,
} from './braintree-payment-processor';
import { paymentProcessorContract, shownFor } from './payment-processor.contract';
import { PaymentProcessorUnavailable, type PaymentProcessor } from './payment-processor';

let fake: FakeBraintreeGateway;
let viaFake: PaymentProcessor;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeBraintreeGateway();
  viaFake = createBraintreePaymentProcessor(fake.gateway);
  t = await createTestApp();
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

paymentProcessorContract('the local processor', {
  payments: () => t.ctx.payments,
  settle: () => Promise.resolve(),
});

paymentProcessorContract('Braintree’s SDK against the fake gateway', {
  payments: () => viaFake,
  settle: () => Promise.resolve(),
});

const sandbox = loadConfig(process.env).braintree;
const sandboxGateway = sandbox?.environment === 'sandbox' ? braintreeGateway(sandbox) : undefined;
paymentProcessorContract(
  'Braintree’s sandbox',
  {
    payments: () => createBraintreePaymentProcessor(sandboxGateway!),
    settle: async (id) => {
      await sandboxGateway!.testing.settle(id);
    },
  },
  sandboxGateway
    ? undefined
    : 'BRAINTREE_ENVIRONMENT=sandbox, BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY are not set',
);

describe('the Braintree adapter (decision 034)', () => {
  it('sends amounts as Braintree’s decimals, in whole cents', () => {
    expect(braintreeAmount(1)).toBe('0.01');
    expect(braintreeAmount(17495)).toBe('174.95');
    expect(braintreeAmount(200_000)).toBe('2000.00');
  });

  it('turns a network failure into PaymentProcessorUnavailable', async () => {
    fake.breakNetwork(true);
    try {
      await expect(
        viaFake.createCustomer({ firstName: 'A', lastName: 'B', email: 'a@b.c' }),
      ).rejects.toThrow(PaymentProcessorUnavailable);
      await expect(viaFake.findTransactionByOrderId('x')).rejects.toThrow(
        PaymentProcessorUnavailable,
      );
    } finally {
      fake.breakNetwork(false);
    }
  });

  it('maps a CVV gateway rejection to the bank-declined alert (store-and-public-site §8)', async () => {
    const sale = await viaFake.sale({
      amountCents: 500_101,
      orderId: 'cvv-1',
      nonce: 'fake-valid-visa-nonce',
    });
    expect(sale.ok || shownFor(sale.errors)).toEqual({ flags: [], alerts: [M.bankDeclined] });
  });

  it('refuses to keep a card type the product does not offer (store-and-public-site §5, §8)', async () => {
    const { customerId } = await viaFake.createCustomer({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
    });
    const result = await viaFake.vaultCard({ customerId, nonce: 'fake-valid-jcb-nonce' });
    expect(result.ok || shownFor(result.errors)).toEqual({
      flags: [],
      alerts: [M.cardTypeNotSupported],
    });
  });

  it('sends orderId with every sale and searches by it', () => {
    const sales = fake.requests.filter(
      (body) => body.includes('"transaction"') && body.includes('order_id'),
    );
    expect(sales.length).toBeGreaterThan(0);
    expect(fake.requests.some((body) => body.includes('"order_id":{"is"'))).toBe(true);
  });
});

describe('Braintree’s codes onto the filter’s (store-and-public-site §8, docs/payments.md)', () => {
  const validation = (code: string) => ({
    success: false,
    message: 'refused',
    errors: { deepErrors: () => [{ code, message: `Braintree ${code}` }] },
  });
  const declinedWith = (code: string) => ({
    success: false,
    transaction: {
      id: 't1',
      type: 'sale',
      amount: '10.00',
      createdAt: '2026-11-22T12:00:00Z',
      status: 'processor_declined',
      processorResponseCode: code,
      processorResponseText: 'x',
    },
  });

  it.each([
    ['81715', ['invalidCard'], []],
    ['81716', ['invalidCard'], []],
    ['81703', ['invalidCard'], [M.cardTypeNotSupported]],
    ['81707', ['invalidCvv'], []],
    ['81709', ['invalidExpiration'], []],
    ['81712', ['invalidExpiration'], []],
    ['81713', ['invalidExpiration'], []],
    ['81714', ['missingField'], []],
    ['91826', [], [M.checkInformation]],
    ['99999', [], []],
  ])('validation error %s', (code, flags, alerts) => {
    expect(shownFor(refusalOf(validation(code)).errors)).toEqual({ flags, alerts });
  });

  it.each([
    ['2000', ['invalidExpiration', 'invalidCvv'], [M.bankDeclined]],
    ['2001', [], [M.issuingBankDeclined]],
    ['2004', ['invalidExpiration', 'invalidCvv'], [M.bankDeclined]],
    ['2005', ['invalidCard'], []],
    ['2010', ['invalidExpiration', 'invalidCvv'], [M.bankDeclined]],
    ['2014', [], [M.processorDeclined]],
    ['2057', [], [M.cardRestricted]],
    ['2099', ['invalidExpiration', 'invalidCvv'], [M.bankDeclined]],
    ['3000', [], [M.tryAgainLater]],
  ])('processor response %s', (code, flags, alerts) => {
    expect(shownFor(refusalOf(declinedWith(code)).errors)).toEqual({ flags, alerts });
  });

  it.each([
    ['cvv', [], [M.bankDeclined]],
    ['avs', ['invalidAddress'], []],
    ['fraud', [], [M.processorDeclined]],
  ])('gateway rejection %s', (reason, flags, alerts) => {
    const answer = {
      success: false,
      verification: { status: 'gateway_rejected', gatewayRejectionReason: reason },
    };
    expect(shownFor(refusalOf(answer).errors)).toEqual({ flags, alerts });
  });
});
