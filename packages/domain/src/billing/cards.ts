/** The card types the payment form offers (accounts-devices-billing §5, store-and-public-site §5). */
export type CardType = 'Visa' | 'MasterCard' | 'Discover' | 'Amex';

/** The card types in the order the form lists them (store-and-public-site §5). */
export const CARD_TYPES: readonly CardType[] = ['Visa', 'MasterCard', 'Discover', 'Amex'];

/** What the form shows for each type: Amex is labelled American Express (store-and-public-site §5). */
export const CARD_TYPE_LABELS: Readonly<Record<CardType, string>> = {
  Visa: 'Visa',
  MasterCard: 'MasterCard',
  Discover: 'Discover',
  Amex: 'American Express',
};

/** A card number shorter than this many characters is invalid (accounts-devices-billing §9). */
export const CARD_NUMBER_MIN_LENGTH = 13;

/*
 * The accepted formats (accounts-devices-billing §5). "Dashes optional except Amex" is read as:
 * Visa, MasterCard and Discover are four groups of four digits that may each be joined by a dash
 * (4111-1111-1111-1111 or 4111111111111111); Amex is 15 digits with no dash at all. Spaces are
 * not part of any format. See SPEC-NOTES.md.
 */
const CARD_FORMATS: Readonly<Record<CardType, RegExp>> = {
  Visa: /^4\d{3}(?:-?\d{4}){3}$/,
  MasterCard: /^5[1-5]\d{2}(?:-?\d{4}){3}$/,
  Discover: /^6011(?:-?\d{4}){3}$/,
  Amex: /^3[47]\d{13}$/,
};

/** Reads a card type as sent ('Amex' or its label 'American Express', any case) (store-and-public-site §3, §5). */
export function parseCardType(value: string | null | undefined): CardType | null {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return null;
  for (const type of CARD_TYPES) {
    if (type.toLowerCase() === wanted || CARD_TYPE_LABELS[type].toLowerCase() === wanted) {
      return type;
    }
  }
  return null;
}

/** The card type of a number's leading digits: 4, 51–55, 6011, 34/37, else null (accounts-devices-billing §5). */
export function detectCardType(cardNumber: string): CardType | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (/^4/.test(digits)) return 'Visa';
  if (/^5[1-5]/.test(digits)) return 'MasterCard';
  if (/^6011/.test(digits)) return 'Discover';
  if (/^3[47]/.test(digits)) return 'Amex';
  return null;
}

/** The Mod-10 (Luhn) checksum over a string of digits (accounts-devices-billing §5). */
export function passesLuhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why a card number was refused. */
export type CardNumberProblem = 'tooShort' | 'unknownType' | 'invalidFormat' | 'failedChecksum';

export type CardNumberCheck =
  | { isValid: true; type: CardType; digits: string }
  | { isValid: false; problem: CardNumberProblem };

/**
 * Checks a typed card number (accounts-devices-billing §5): at least 13 characters, the format of
 * its type, then the Mod-10 checksum. With `type` (the type chosen on the form) the number must
 * have that type's format, so a MasterCard number under Visa is refused; without it the type is
 * taken from the leading digits.
 */
export function validateCardNumber(cardNumber: string, type?: CardType | null): CardNumberCheck {
  const typed = cardNumber.trim();
  if (typed.length < CARD_NUMBER_MIN_LENGTH) return { isValid: false, problem: 'tooShort' };
  const cardType = type ?? detectCardType(typed);
  if (!cardType) return { isValid: false, problem: 'unknownType' };
  if (!CARD_FORMATS[cardType].test(typed)) return { isValid: false, problem: 'invalidFormat' };
  const digits = typed.replaceAll('-', '');
  if (!passesLuhnCheck(digits)) return { isValid: false, problem: 'failedChecksum' };
  return { isValid: true, type: cardType, digits };
}

/** The last four digits, the only part of a card number kept or shown (accounts-devices-billing §3 "Card info"). */
export function lastFourDigits(cardNumber: string): string {
  return cardNumber.replace(/\D/g, '').slice(-4);
}
