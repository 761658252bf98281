import { passesLuhnCheck } from '@monitor/domain/billing/cards';
import type { AppContext } from '../../src/context';
import type { VaultedCard } from '../../src/adapters/payments/payment-processor';
import { tokenizeCard, type CardFields } from '../../src/adapters/payments/local/tokenize';

export {
  DECLINE_TEST_CARDS,
  FIXED_NONCES,
  INVALID_ADDRESS_TEST_CARD,
} from '../../src/adapters/payments/local/test-cards';

/** Braintree's ordinary sandbox cards: they verify and charge (docs/payments.md). */
export const GOOD_CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
} as const;

/** The test card that declines with this filter code: 400000, the code, 0000, the Luhn digit (docs/payments.md). */
export function cardDecliningWith(code: number): string {
  const body = `400000${code}0000`;
  const check = [...'0123456789'].find((digit) => passesLuhnCheck(body + digit));
  return body + check;
}

/**
 * A single-use nonce for a card number through the local processor, as its card-fields page makes
 * one (expiry 12/2030, CVV 123 or 1234 for Amex unless given). Throws when the fields are refused.
 */
export async function nonceFor(
  ctx: Pick<AppContext, 'db' | 'now'>,
  cardNumber: string,
  fields: Omit<CardFields, 'number'> = {},
): Promise<string> {
  const result = await tokenizeCard(ctx, {
    expirationMonth: '12',
    expirationYear: '2030',
    cvv: /^3[47]/.test(cardNumber) ? '1234' : '123',
    ...fields,
    number: cardNumber,
  });
  if (!result.ok) throw new Error(`nonceFor: refused ${JSON.stringify(result.errors)}`);
  return result.value.nonce;
}

/** A processor customer with a vaulted card (a good card unless given). */
export async function vaultedCardFor(
  ctx: Pick<AppContext, 'db' | 'now' | 'payments'>,
  cardNumber: string = GOOD_CARDS.visa,
): Promise<VaultedCard> {
  const { customerId } = await ctx.payments.createCustomer({
    firstName: 'Test',
    lastName: 'Payer',
    email: 'payer@example.com',
  });
  const result = await ctx.payments.vaultCard({
    customerId,
    nonce: await nonceFor(ctx, cardNumber),
  });
  if (!result.ok) throw new Error(`vaultedCardFor: refused ${JSON.stringify(result.errors)}`);
  return result.value;
}
