/**
 * The letters-and-digits rule for a puck's name and location (device-management §5
 * "Alphanumeric-only input: letters and digits, at least one character"). Spaces between words
 * are allowed, as names like "Walk in freezer" need them; the wording of the refusal is ours.
 */
const LETTERS_DIGITS_AND_SPACES = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u;

export function checkPuckLabel(label: string, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return `${label} is required.`;
  if (!LETTERS_DIGITS_AND_SPACES.test(trimmed)) return `${label} may hold only letters and digits.`;
  return null;
}
