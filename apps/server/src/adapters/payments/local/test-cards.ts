import type { CardType } from '@monitor/domain/billing/cards';
import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';
import {
  BRAINTREE_VALIDATION_CODES,
  fromBraintreeProcessorCode,
  specError,
} from '../processor-codes';

/*
 * What the local processor does with a card (decision 034, docs/payments.md): the test card
 * numbers below decline with one code of the spec's payment error filter each
 * (store-and-public-site §8); Braintree's own sandbox decline cards decline as there; every other
 * valid number (4111111111111111, 5555555555554444, 378282246310005, 6011111111111117 …) succeeds.
 */

/** The filter codes with their test card (Luhn-valid Visa numbers: 400000, the code, 0000, check digit). */
export const DECLINE_TEST_CARDS: Readonly<Record<string, number>> = {
  '4000001050200005': 10502,
  '4000001053500005': 10535,
  '4000001052100005': 10521,
  '4000001056700008': 10567,
  '4000001075900001': 10759,
  '4000001052700002': 10527,
  '4000001050800002': 10508,
  '4000001056200009': 10562,
  '4000001056300007': 10563,
  '4000001050400001': 10504,
  '4000001057100000': 10571,
  '4000001500400007': 15004,
  '4000001500500004': 15005,
  '4000001500600002': 15006,
  '4000001500700000': 15007,
  '4000001076200005': 10762,
  '4000001054400007': 10544,
  '4000001075200006': 10752,
  '4000001000100008': 10001,
  '4000001052300001': 10523,
  '4000001054700000': 10547,
  '4000001000400002': 10004,
  '4000001001400001': 10014,
  '4000001053400008': 10534,
  '4000001054100003': 10541,
  '4000001056600000': 10566,
};

/** Declines with the text the filter reads as an address error (store-and-public-site §8). */
export const INVALID_ADDRESS_TEST_CARD = '4000009999900007';

/** Braintree's sandbox cards that fail verification, with their processor response code. */
export const BRAINTREE_DECLINE_CARDS: Readonly<Record<string, number>> = {
  '4000111111111115': 2000,
  '5105105105105100': 2000,
  '378734493671000': 2000,
  '6011000990139424': 2000,
  '4000111111111511': 3000,
};

/** How a card turns out at verification and sale: null when it succeeds. */
export function declineForCardNumber(digits: string): PaymentProcessorError | null {
  const code = DECLINE_TEST_CARDS[digits];
  if (code !== undefined) return specError(code);
  if (digits === INVALID_ADDRESS_TEST_CARD) return { message: 'Invalid billing address.' };
  const braintreeCode = BRAINTREE_DECLINE_CARDS[digits];
  if (braintreeCode !== undefined) return fromBraintreeProcessorCode(braintreeCode);
  return null;
}

/** The card a fixed nonce stands for, or the refusal it always gives. */
export type FixedNonce =
  | { card: { cardType: CardType; last4: string }; decline: PaymentProcessorError | null }
  | { refusal: PaymentProcessorError };

const valid = (cardType: CardType, last4: string): FixedNonce => ({
  card: { cardType, last4 },
  decline: null,
});
const declined = (cardType: CardType, last4: string, code: number): FixedNonce => ({
  card: { cardType, last4 },
  decline: fromBraintreeProcessorCode(code),
});

/**
 * Braintree's documented fixed nonces, accepted wherever a nonce is (as in its sandbox) and never
 * consumed. Those that decline give the spec code their Braintree answer maps to.
 */
export const FIXED_NONCES: Readonly<Record<string, FixedNonce>> = {
  'fake-valid-nonce': valid('Visa', '1881'),
  'fake-valid-visa-nonce': valid('Visa', '1111'),
  'fake-valid-amex-nonce': valid('Amex', '0005'),
  'fake-valid-mastercard-nonce': valid('MasterCard', '4444'),
  'fake-valid-discover-nonce': valid('Discover', '1117'),
  'fake-valid-debit-nonce': valid('Visa', '0008'),
  'fake-valid-prepaid-nonce': valid('Visa', '0016'),
  'fake-valid-commercial-nonce': valid('Visa', '0026'),
  'fake-valid-healthcare-nonce': valid('Visa', '0032'),
  'fake-valid-durbin-regulated-nonce': valid('Visa', '0040'),
  'fake-valid-payroll-nonce': valid('Visa', '0057'),
  'fake-valid-country-of-issuance-usa-nonce': valid('Visa', '0065'),
  'fake-valid-issuing-bank-network-only-nonce': valid('Visa', '0073'),
  'fake-valid-no-billing-address-nonce': valid('Visa', '1881'),
  'fake-processor-declined-visa-nonce': declined('Visa', '1115', 2000),
  'fake-processor-declined-mastercard-nonce': declined('MasterCard', '5100', 2000),
  'fake-processor-declined-amex-nonce': declined('Amex', '1000', 2000),
  'fake-processor-declined-discover-nonce': declined('Discover', '9424', 2000),
  'fake-processor-failure-jcb-nonce': { refusal: specError(10566) },
  'fake-luhn-invalid-nonce': { refusal: BRAINTREE_VALIDATION_CODES['81715']! },
  'fake-consumed-nonce': { refusal: BRAINTREE_VALIDATION_CODES['93107']! },
  'fake-gateway-rejected-fraud-nonce': {
    card: { cardType: 'Visa', last4: '0002' },
    decline: specError(10544),
  },
  'fake-gateway-rejected-kount-nonce': {
    card: { cardType: 'Visa', last4: '0002' },
    decline: specError(10544),
  },
};
