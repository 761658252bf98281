import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIsoDate, type IsoDate } from '../shared/calendar-date';
import {
  CARD_EXPIRY_MONTHS,
  CARD_EXPIRY_YEAR_COUNT,
  defaultCardExpiryMonth,
  isCardExpiryValid,
  listCardExpiryYears,
} from './card-expiry';

const today = parseIsoDate('2026-06-15') as IsoDate;

describe('expiry lists', () => {
  it('offers the current year and the nine after it, 10 entries (accounts-devices-billing §5, §9)', () => {
    expect(CARD_EXPIRY_YEAR_COUNT).toBe(10);
    expect(listCardExpiryYears(today)).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035,
    ]);
  });

  it('offers months 1 to 12 and starts on the current month (accounts-devices-billing §5)', () => {
    expect(CARD_EXPIRY_MONTHS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(defaultCardExpiryMonth(today)).toBe(6);
    expect(defaultCardExpiryMonth(parseIsoDate('2026-01-31') as IsoDate)).toBe(1);
  });
});

describe('isCardExpiryValid', () => {
  it('refuses a month before the current one in the current year (accounts-devices-billing §5)', () => {
    expect(isCardExpiryValid({ month: 5, year: 2026 }, today)).toBe(false);
    expect(isCardExpiryValid({ month: 1, year: 2026 }, today)).toBe(false);
  });

  it('accepts the current month, later months and later years', () => {
    expect(isCardExpiryValid({ month: 6, year: 2026 }, today)).toBe(true);
    expect(isCardExpiryValid({ month: 12, year: 2026 }, today)).toBe(true);
    expect(isCardExpiryValid({ month: 1, year: 2027 }, today)).toBe(true);
  });

  it('refuses an earlier year and a month that does not exist', () => {
    expect(isCardExpiryValid({ month: 12, year: 2025 }, today)).toBe(false);
    expect(isCardExpiryValid({ month: 0, year: 2027 }, today)).toBe(false);
    expect(isCardExpiryValid({ month: 13, year: 2027 }, today)).toBe(false);
    expect(isCardExpiryValid({ month: 6, year: 26 }, today)).toBe(false);
  });

  it('accepts every month of every later year the list offers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(...CARD_EXPIRY_MONTHS),
        (offset, month) => {
          expect(isCardExpiryValid({ month, year: 2026 + offset }, today)).toBe(true);
        },
      ),
    );
  });
});
