/*
 * The card payment error filter (store-and-public-site §8 "Payment error filter",
 * accounts-devices-billing §8): it turns the processor's error codes and texts into the payment
 * form's field flags and at most a few alerts.
 */

/** The payment form's hidden/shown field flags (store-and-public-site §5). */
export type PaymentFormFlags = {
  invalidCard: boolean;
  invalidExpiration: boolean;
  invalidAddress: boolean;
  invalidCvv: boolean;
  missingField: boolean;
};

export type PaymentFormFlag = keyof PaymentFormFlags;

/** No field flagged (store-and-public-site §5). */
export const NO_PAYMENT_FORM_FLAGS: Readonly<PaymentFormFlags> = {
  invalidCard: false,
  invalidExpiration: false,
  invalidAddress: false,
  invalidCvv: false,
  missingField: false,
};

/**
 * Alerts of the filter (store-and-public-site §8). The spec quotes the first three and the bank decline; the others it
 * paraphrases ("processor internal error; try a different card or later"), so their wording is
 * ours, written as full sentences (SPEC-NOTES.md). `{phone}` is filled with `fillBrand`.
 */
export const PAYMENT_ERROR_MESSAGES = {
  bankDeclined: 'Card declined by bank. Please check expiration and CVV2 or try another card.',
  processorDeclined: 'Card declined by payments processor.',
  issuingBankDeclined: 'Transaction declined by the card issuing bank. Please try another card.',
  processorInternalError:
    'The payment processor had an internal error. Please try a different card or try again later.',
  checkInformation:
    'There was an error processing your information. Please check all of your information and try again.',
  tryAgainLater: 'There was an error processing your request. Please try again later.',
  cardRestricted:
    'This card has been restricted by the payment processor. Please try another card.',
  cardTypeNotSupported: 'This credit card type is not supported. Please try another card.',
  singleFieldError:
    'There is an error in your payment information. Please correct the highlighted field and try again.',
  multipleFieldErrors:
    'There are errors in your payment information. Please correct the highlighted fields and try again.',
  genericProcessorError:
    'The payment processor could not complete your payment. Please check your payment information and try again.',
  requestError:
    'An error occurred processing your request. Please try again, and if the problem continues contact customer support at {phone}.',
} as const;

/** What the form shows next to a flagged field (store-and-public-site §5; wording ours, the spec names the flags only). */
export const PAYMENT_FIELD_MESSAGES: Readonly<Record<PaymentFormFlag, string>> = {
  invalidCard: 'Please enter a valid card number and card type.',
  invalidExpiration: 'Please enter a valid expiration date.',
  invalidAddress: 'Please enter a valid billing address.',
  invalidCvv: 'Please enter a valid CVV2 security code.',
  missingField: 'Please fill in every payment field.',
};

/** One error as the processor reports it: a numeric code, a text, or both. */
export type PaymentProcessorError = {
  code?: number | string | null;
  message?: string | null;
};

type FilterRule = {
  codes: readonly number[];
  texts?: readonly RegExp[];
  flags?: readonly PaymentFormFlag[];
  alert?: string;
};

/** The filter table, row for row as store-and-public-site §8 gives it. */
export const PAYMENT_ERROR_RULES: readonly FilterRule[] = [
  {
    codes: [10502, 10535, 10521, 10567, 10759, 10527],
    texts: [/invalid credit card number/i, /invalid card type/i],
    flags: ['invalidCard'],
  },
  { codes: [10508, 10562, 10563], flags: ['invalidExpiration'] },
  // "invalid address text": any text saying an address is invalid ("Invalid billing address").
  { codes: [], texts: [/\binvalid\b.*\baddress\b/i], flags: ['invalidAddress'] },
  { codes: [10504, 10571], flags: ['invalidCvv'] },
  {
    codes: [15004, 15005, 15006, 15007],
    flags: ['invalidExpiration', 'invalidCvv'],
    alert: PAYMENT_ERROR_MESSAGES.bankDeclined,
  },
  { codes: [10762], alert: PAYMENT_ERROR_MESSAGES.bankDeclined },
  { codes: [10544], alert: PAYMENT_ERROR_MESSAGES.processorDeclined },
  { codes: [10752], alert: PAYMENT_ERROR_MESSAGES.issuingBankDeclined },
  { codes: [10001, 10523, 10547], alert: PAYMENT_ERROR_MESSAGES.processorInternalError },
  { codes: [10004], alert: PAYMENT_ERROR_MESSAGES.checkInformation },
  { codes: [10014], alert: PAYMENT_ERROR_MESSAGES.tryAgainLater },
  { codes: [10534, 10541], alert: PAYMENT_ERROR_MESSAGES.cardRestricted },
  { codes: [10566], alert: PAYMENT_ERROR_MESSAGES.cardTypeNotSupported },
  { codes: [], texts: [/missing field/i], flags: ['missingField'] },
];

/**
 * How the filter ended: `alert` when a row raised an alert; otherwise `singleField`,
 * `multipleFields` or `generic` by the number of flagged fields; `requestError` for a 500.
 */
export type PaymentErrorOutcomeKind =
  'alert' | 'singleField' | 'multipleFields' | 'generic' | 'requestError';

export type PaymentErrorOutcome = {
  kind: PaymentErrorOutcomeKind;
  flags: PaymentFormFlags;
  /** What to show, in order and without repeats; never empty. */
  messages: string[];
};

function codeOf(error: PaymentProcessorError): number | null {
  if (error.code === null || error.code === undefined || error.code === '') return null;
  const code = Number(error.code);
  return Number.isInteger(code) ? code : null;
}

function matches(rule: FilterRule, error: PaymentProcessorError): boolean {
  const code = codeOf(error);
  if (code !== null && rule.codes.includes(code)) return true;
  const text = error.message ?? '';
  return rule.texts?.some((pattern) => pattern.test(text)) ?? false;
}

/**
 * Runs the payment error filter (store-and-public-site §8). Every error is checked against every
 * row, so one error may set a flag and raise an alert. A 500 answer is a request error whatever it
 * carries. When no row alerted, one flagged field gives the single-field message, two or more the
 * multiple-errors message, and none the generic processor message; flags are counted by field, so
 * two errors about the card number are one field.
 */
export function filterPaymentErrors(answer: {
  status?: number | null;
  errors: readonly PaymentProcessorError[];
}): PaymentErrorOutcome {
  if (answer.status === 500) {
    return {
      kind: 'requestError',
      flags: { ...NO_PAYMENT_FORM_FLAGS },
      messages: [PAYMENT_ERROR_MESSAGES.requestError],
    };
  }
  const flags: PaymentFormFlags = { ...NO_PAYMENT_FORM_FLAGS };
  const alerts: string[] = [];
  for (const error of answer.errors) {
    for (const rule of PAYMENT_ERROR_RULES) {
      if (!matches(rule, error)) continue;
      for (const flag of rule.flags ?? []) flags[flag] = true;
      if (rule.alert && !alerts.includes(rule.alert)) alerts.push(rule.alert);
    }
  }
  if (alerts.length > 0) return { kind: 'alert', flags, messages: alerts };
  const flagged = Object.values(flags).filter(Boolean).length;
  if (flagged === 1) {
    return { kind: 'singleField', flags, messages: [PAYMENT_ERROR_MESSAGES.singleFieldError] };
  }
  if (flagged > 1) {
    return {
      kind: 'multipleFields',
      flags,
      messages: [PAYMENT_ERROR_MESSAGES.multipleFieldErrors],
    };
  }
  return { kind: 'generic', flags, messages: [PAYMENT_ERROR_MESSAGES.genericProcessorError] };
}
