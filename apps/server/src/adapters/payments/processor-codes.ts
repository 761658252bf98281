import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';

/*
 * Braintree's answers in the terms of the spec's payment error filter (store-and-public-site §8,
 * decision 034): the filter knows the old processor's codes (10502 … 15007) and a few texts, so
 * both adapters turn Braintree's processor response codes (2000–3000), validation error codes
 * (81xxx, 91xxx, 93xxx) and gateway rejections into one of those. The table is in docs/payments.md.
 */

/** Texts of the filter's codes, written by us (the spec names the codes only). */
export const SPEC_CODE_MESSAGES: Readonly<Record<number, string>> = {
  10502: 'This transaction cannot be processed. Please use a valid credit card.',
  10535: 'This transaction cannot be processed. Please enter a valid credit card number and type.',
  10521: 'This transaction cannot be processed. Please enter a valid credit card.',
  10567: 'The card number was refused. Please enter a valid credit card number and type.',
  10759: 'Gateway decline: please enter a valid credit card number and type.',
  10527: 'This transaction cannot be processed. Please enter a valid card number and type.',
  10508: 'The expiration date is not valid.',
  10562: 'The expiration year is not valid.',
  10563: 'The expiration month is not valid.',
  10504: 'The card security code is not valid.',
  10571: 'The card security code did not match.',
  15004: 'Processor decline: the card security code was refused.',
  15005: 'Processor decline: this transaction cannot be processed.',
  15006: 'Processor decline: the card was refused.',
  15007: 'Processor decline: the card has expired.',
  10762: 'Gateway decline: the card security code was refused.',
  10544: 'Gateway decline: transaction refused.',
  10752: 'Gateway decline: the issuing bank refused this transaction.',
  10001: 'Internal error.',
  10523: 'Internal error.',
  10547: 'Internal error.',
  10004: 'Transaction refused because of an invalid argument.',
  10014: 'The processor is busy. Please try again later.',
  10534: 'Gateway decline: this card has been restricted.',
  10541: 'Gateway decline: this card has been restricted.',
  10566: 'Credit card type not supported.',
};

/** One filter error for a spec code, with our text. */
export function specError(code: number, message?: string): PaymentProcessorError {
  return { code, message: message ?? SPEC_CODE_MESSAGES[code] ?? 'Transaction refused.' };
}

/**
 * Braintree's processor response codes (card declines, 2000–3000) onto the filter's codes. Codes
 * not listed fall back by range: 2000–2999 is a bank decline (15005), 3000 and above the
 * processor's own failure (10001).
 */
export const BRAINTREE_PROCESSOR_CODES: Readonly<Record<number, number>> = {
  2000: 15005, // Do Not Honor
  2001: 10752, // Insufficient Funds
  2002: 10752, // Limit Exceeded
  2003: 10752, // Cardholder's Activity Limit Exceeded
  2004: 15007, // Expired Card
  2005: 10535, // Invalid Credit Card Number
  2006: 10508, // Invalid Expiration Date
  2007: 10535, // No Account
  2008: 10527, // Card Account Length Error
  2009: 10752, // No Such Issuer
  2010: 15004, // Card Issuer Declined CVV
  2011: 10752, // Voice Authorization Required
  2012: 10534, // Processor Declined – Possible Lost Card
  2013: 10534, // Processor Declined – Possible Stolen Card
  2014: 10544, // Processor Declined – Fraud Suspected
  2015: 10752, // Transaction Not Allowed
  2016: 10004, // Duplicate Transaction
  2017: 10752, // Cardholder Stopped Billing
  2018: 10752, // Cardholder Stopped All Billing
  2019: 10752, // Invalid Transaction
  2020: 10534, // Violation
  2021: 10544, // Security Violation
  2022: 10752, // Declined – Updated Cardholder Available
  2023: 10566, // Processor Does Not Support This Feature
  2024: 10566, // Card Type Not Enabled
  2025: 10001, // Set Up Error – Merchant
  2026: 10001, // Invalid Merchant ID
  2027: 10001, // Set Up Error – Amount
  2028: 10001, // Set Up Error – Hierarchy
  2029: 10001, // Set Up Error – Card
  2030: 10001, // Set Up Error – Terminal
  2031: 10001, // Encryption Error
  2032: 10004, // Surcharge Not Permitted
  2033: 10004, // Inconsistent Data
  2034: 10004, // No Action Taken
  2035: 10752, // Partial Approval For Amount In Group III Version
  2038: 10752, // Processor Declined
  2041: 10752, // Declined – Call For Approval
  2044: 10752, // Declined – Call Issuer
  2046: 15005, // Declined
  2047: 10534, // Call Issuer. Pick Up Card
  2053: 10534, // Card reported as lost or stolen
  2057: 10534, // Issuer or Cardholder has put a restriction on the card
  2059: 10762, // Address Verification Failed
  2060: 10762, // Address Verification and Card Security Code Failed
  2062: 10004, // Invalid Tax Amount
  3000: 10014, // Processor Network Unavailable – Try Again
};

/** A Braintree processor response as a filter error. */
export function fromBraintreeProcessorCode(code: number, text?: string): PaymentProcessorError {
  const mapped = BRAINTREE_PROCESSOR_CODES[code] ?? (code >= 2000 && code < 3000 ? 15005 : 10001);
  return specError(mapped, text ? `${text} (${code})` : undefined);
}

/** Braintree's validation error codes onto the filter's codes (or texts it knows). */
export const BRAINTREE_VALIDATION_CODES: Readonly<Record<string, PaymentProcessorError>> = {
  '81715': { code: 10502, message: 'Invalid credit card number.' }, // Credit card number is invalid
  '81716': { code: 10527, message: 'Invalid credit card number.' }, // must be 12-19 digits
  '81717': { code: 10535, message: 'Invalid credit card number.' }, // not an accepted test number
  '81714': { message: 'Missing field: credit card number.' }, // number is required
  '81703': { code: 10566, message: 'Invalid card type.' }, // Credit card type is not accepted
  '81736': { code: 10504 }, // CVV verification failed
  '81707': { code: 10504 }, // CVV must be 4 digits for Amex, 3 otherwise
  '81706': { message: 'Missing field: CVV.' }, // CVV is required
  '81709': { code: 10508 }, // Expiration date is required / invalid
  '81710': { code: 10508 }, // Expiration date is invalid
  '81712': { code: 10563 }, // Expiration month is invalid
  '81713': { code: 10562 }, // Expiration year is invalid
  '91826': { code: 10004, message: 'The payment method nonce is invalid.' },
  '91565': { code: 10004, message: 'Unknown or expired payment method nonce.' },
  '93107': { code: 10004, message: 'Cannot use a payment method nonce more than once.' },
  '91518': { code: 10004, message: 'Payment method token is invalid.' },
  '91521': { message: 'Refund amount is too large.' },
  '91506': { message: 'Cannot refund a transaction unless it is settled.' },
};

/** Braintree's gateway rejection reasons onto the filter's codes. */
export const BRAINTREE_GATEWAY_REJECTIONS: Readonly<Record<string, PaymentProcessorError>> = {
  cvv: specError(10762),
  avs: { message: 'Invalid billing address.' },
  avs_and_cvv: specError(10762, 'Invalid billing address and card security code.'),
  fraud: specError(10544),
  risk_threshold: specError(10544),
  duplicate: specError(10004),
  three_d_secure: specError(10752),
  token_issuance: specError(10001),
  application_incomplete: specError(10001),
};
