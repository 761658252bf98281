import { dateParts, type IsoDate } from '../shared/calendar-date';

/** A card's expiry as the form holds it: month 1–12 and a four-digit year. */
export type CardExpiry = { month: number; year: number };

/** How many years the expiry-year list offers, from the current year (accounts-devices-billing §9). */
export const CARD_EXPIRY_YEAR_COUNT = 10;

/** The months offered, 1 to 12 (accounts-devices-billing §5). */
export const CARD_EXPIRY_MONTHS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);

/** The years offered: the current year and the nine after it, 10 entries (accounts-devices-billing §5). */
export function listCardExpiryYears(today: IsoDate): number[] {
  const { year } = dateParts(today);
  return Array.from({ length: CARD_EXPIRY_YEAR_COUNT }, (_, i) => year + i);
}

/** The month the form starts on: the current month (accounts-devices-billing §5). */
export function defaultCardExpiryMonth(today: IsoDate): number {
  return dateParts(today).month;
}

/**
 * True when a card has not expired (accounts-devices-billing §5). A card is good through the end of
 * its expiry month, so the current month is still valid; a month earlier in the current year is
 * not, and neither is an earlier year (which the year list never offers anyway).
 */
export function isCardExpiryValid(expiry: CardExpiry, today: IsoDate): boolean {
  const { month, year } = expiry;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return false;
  const current = dateParts(today);
  if (year !== current.year) return year > current.year;
  return month >= current.month;
}
