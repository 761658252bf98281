import {
  CANADIAN_PROVINCES,
  DEFAULT_PROVINCE,
  DEFAULT_STATE,
  isCanadianProvinceCode,
  isUsStateCode,
  US_STATES,
  type Region,
} from './regions';
import { MESSAGES } from './messages';

const US_ZIP = /^\d{5}(?:-\d{4})?$/;
const CANADIAN_POSTAL_CODE = /^([A-Z]\d[A-Z])[ -]?(\d[A-Z]\d)$/i;

/** A postal code that passed one of the two formats the forms accept. */
export type PostalCode =
  | { country: 'US'; code: string; isInternational: false }
  | { country: 'CA'; code: string; formatted: string; isInternational: true };

/** A US ZIP: 5 digits, optionally a dash and 4 more (store-and-public-site §5). Null otherwise. */
export function parseUsZip(input: string | null | undefined): string | null {
  const typed = input?.trim() ?? '';
  return US_ZIP.test(typed) ? typed : null;
}

/**
 * A Canadian postal code: letter-digit-letter, an optional space or hyphen, digit-letter-digit
 * (store-and-public-site §5). Answers the six characters uppercased without the separator
 * ('K1A0B1'), the form that makes "a 6-character zip means a province" hold; null otherwise.
 */
export function parseCanadianPostalCode(input: string | null | undefined): string | null {
  const match = CANADIAN_POSTAL_CODE.exec(input?.trim() ?? '');
  if (!match) return null;
  return `${match[1]}${match[2]}`.toUpperCase();
}

/** Reads a US ZIP or a Canadian postal code; a Canadian one means international shipping (store-and-public-site §5). */
export function parsePostalCode(input: string | null | undefined): PostalCode | null {
  const zip = parseUsZip(input);
  if (zip) return { country: 'US', code: zip, isInternational: false };
  const postal = parseCanadianPostalCode(input);
  if (postal) {
    return {
      country: 'CA',
      code: postal,
      formatted: `${postal.slice(0, 3)} ${postal.slice(3)}`,
      isInternational: true,
    };
  }
  return null;
}

/** Which list a stored State belongs to. */
export type RegionKind = 'state' | 'province';

/** The alert for a stored billing address without a ZIP (accounts-devices-billing §5). */
export const EMPTY_ZIP_MESSAGE = MESSAGES.loadBillingAddressFailed;

export type RegionForZip =
  | { isLoaded: true; kind: RegionKind; region: string; regions: readonly Region[] }
  | { isLoaded: false; message: typeof EMPTY_ZIP_MESSAGE };

/**
 * Picks the state or province list for a stored billing address (accounts-devices-billing §5):
 * a 5-character ZIP means a US state, a 6-character one a Canadian province (default AB); an
 * empty ZIP cannot be loaded. A ZIP+4 or a Canadian code typed with its separator is read by its
 * format; any other ZIP falls back to the US list, the form's default.
 */
export function resolveRegionForZip(
  zip: string | null | undefined,
  state: string | null | undefined,
): RegionForZip {
  const typed = zip?.trim() ?? '';
  if (typed === '') return { isLoaded: false, message: EMPTY_ZIP_MESSAGE };
  const code = state?.trim().toUpperCase() ?? '';
  const isProvince = typed.length === 6 || parsePostalCode(typed)?.country === 'CA';
  if (isProvince) {
    return {
      isLoaded: true,
      kind: 'province',
      region: isCanadianProvinceCode(code) ? code : DEFAULT_PROVINCE,
      regions: CANADIAN_PROVINCES,
    };
  }
  return {
    isLoaded: true,
    kind: 'state',
    region: isUsStateCode(code) ? code : DEFAULT_STATE,
    regions: US_STATES,
  };
}
