import { randomBytes } from 'node:crypto';
import { detectCardType, passesLuhnCheck, type CardType } from '@monitor/domain/billing/cards';
import type { PaymentProcessorError } from '@monitor/domain/billing/payment-errors';
import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/database/schema';
import type { PaymentResult } from '../payment-processor';
import { BRAINTREE_VALIDATION_CODES, specError } from '../processor-codes';
import { declineForCardNumber } from './test-cards';

/** The card fields as typed (the local card-fields page sends them; nothing else ever does). */
export type CardFields = {
  number?: string | null;
  /** 1–12. */
  expirationMonth?: string | null;
  /** Two or four digits. */
  expirationYear?: string | null;
  cvv?: string | null;
  postalCode?: string | null;
};

export type TokenizedCard = { nonce: string; cardType: CardType; last4: string };

const FIELD_NAMES: Record<'number' | 'expirationMonth' | 'expirationYear' | 'cvv', string> = {
  number: 'card number',
  expirationMonth: 'expiration month',
  expirationYear: 'expiration year',
  cvv: 'CVV',
};

/** A new nonce's text: as Braintree's, opaque and unguessable. */
export function newNonce(): string {
  return `tokencc_lp_${randomBytes(16).toString('hex')}`;
}

/**
 * Turns typed card fields into a single-use nonce (what Braintree's Hosted Fields do in its
 * sandbox). Only the card's type, last 4, expiry and the outcome its number stands for are kept;
 * the number and the CVV are checked here and then forgotten. A missing field, a number that fails
 * the checksum, an unaccepted type or a bad expiry or CVV is refused here, before any nonce.
 */
export async function tokenizeCard(
  deps: { db: Kysely<DB>; now: () => Date },
  fields: CardFields,
): Promise<PaymentResult<TokenizedCard>> {
  const missing = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]).filter(
    (name) => !fields[name]?.trim(),
  );
  if (missing.length > 0) {
    return refused(missing.map((name) => ({ message: `Missing field: ${FIELD_NAMES[name]}.` })));
  }
  const digits = fields.number!.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhnCheck(digits)) {
    return refused([BRAINTREE_VALIDATION_CODES['81715']!]);
  }
  const cardType = detectCardType(digits);
  if (!cardType) return refused([BRAINTREE_VALIDATION_CODES['81703']!]);
  const month = Number(fields.expirationMonth!.trim());
  const yearText = fields.expirationYear!.trim();
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const errors: PaymentProcessorError[] = [];
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.push(specError(10563));
  if (!/^\d{2}(\d{2})?$/.test(yearText)) errors.push(specError(10562));
  const now = deps.now();
  if (errors.length === 0 && isExpired(month, year, now)) errors.push(specError(10508));
  const cvv = fields.cvv!.trim();
  if (!(cardType === 'Amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvv)) errors.push(specError(10504));
  if (errors.length > 0) return refused(errors);

  const decline = declineForCardNumber(digits);
  const nonce = newNonce();
  const last4 = digits.slice(-4);
  await deps.db
    .insertInto('local_processor_nonces')
    .values({
      nonce,
      card_type: cardType,
      last4,
      expiration_month: month,
      expiration_year: year,
      decline_code:
        decline?.code === undefined || decline.code === null ? null : Number(decline.code),
      decline_message: decline?.message ?? null,
      created_at: now,
    })
    .execute();
  return { ok: true, value: { nonce, cardType, last4 } };
}

/** A card is good through the last day of its expiration month (UTC). */
function isExpired(month: number, year: number, now: Date): boolean {
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

function refused(errors: PaymentProcessorError[]): { ok: false; errors: PaymentProcessorError[] } {
  return { ok: false, errors };
}
