/** A phone number split the way the account and notification forms show it (accounts-devices-billing §2). */
export type PhoneParts = { areaCode: string; prefix: string; lineNumber: string };

/**
 * Normalises a phone number to the stored form: 11 digits with a leading 1. Accepts 10 digits, or 11
 * with a leading country digit; anything else is not a phone number (accounts-devices-billing §5).
 */
export function normalizePhoneNumber(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `1${digits}`;
  if (digits.length === 11) return `1${digits.slice(1)}`;
  return null;
}

/** Splits a stored phone number into area code, prefix and line number (accounts-devices-billing §2). */
export function splitPhoneNumber(stored: string): PhoneParts | null {
  const normalized = normalizePhoneNumber(stored);
  if (!normalized) return null;
  return {
    areaCode: normalized.slice(1, 4),
    prefix: normalized.slice(4, 7),
    lineNumber: normalized.slice(7, 11),
  };
}

/**
 * A stored phone number as people write it, "(585) 555-0142", the way the forms show its three
 * parts (accounts-devices-billing §2); anything that is not a phone number is given back as it is.
 */
export function formatPhoneNumber(stored: string): string {
  const parts = splitPhoneNumber(stored);
  return parts ? `(${parts.areaCode}) ${parts.prefix}-${parts.lineNumber}` : stored;
}

/** Joins the three phone fields into the stored form, or null when they do not make 10 digits (accounts-devices-billing §5). */
export function joinPhoneParts(parts: PhoneParts): string | null {
  return normalizePhoneNumber(`${parts.areaCode}${parts.prefix}${parts.lineNumber}`);
}

/** What a typed phone number means: a stored value (or null when there is none), or a mistake to report. */
export type PhoneInput = { isValid: true; value: string | null } | { isValid: false };

/**
 * Reads a phone number typed into a form. Fewer than 10 digits is "no phone" and is not stored;
 * 10 or 11 digits are stored with a leading 1 (accounts-devices-billing §5). Letters or more than
 * 11 digits cannot be a phone number, so they are a mistake rather than silently dropped.
 */
export function parsePhoneInput(input: string | null | undefined): PhoneInput {
  if (!input?.trim()) return { isValid: true, value: null };
  if (/\p{L}/u.test(input)) return { isValid: false };
  const digits = input.replace(/\D/g, '');
  if (digits.length > 11) return { isValid: false };
  if (digits.length < 10) return { isValid: true, value: null };
  return { isValid: true, value: normalizePhoneNumber(digits) };
}
