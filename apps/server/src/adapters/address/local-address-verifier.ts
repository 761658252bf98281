import { parseCanadianPostalCode, parseUsZip } from '@monitor/domain/shared/postal-codes';
import { lookup as lookupZip } from 'zipcodes';
import {
  RETURN_CODES,
  refused,
  type AddressToVerify,
  type AddressVerification,
  type AddressVerifier,
} from './address-verifier';

/**
 * The provinces a Canadian postal code's first letter belongs to (Canada Post's forward sortation
 * areas); X serves both the Northwest Territories and Nunavut.
 */
const PROVINCES_BY_FIRST_LETTER: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/** Words a city is often abbreviated to, written out so 'St. Louis' and 'Saint Louis' agree. */
const CITY_WORDS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  pt: 'point',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
  hts: 'heights',
  spgs: 'springs',
  jct: 'junction',
  twp: 'township',
  vlg: 'village',
  ctr: 'center',
};

/** A city reduced for comparison: lower case, no punctuation, abbreviations written out. */
export function normalizeCity(city: string): string {
  return city
    .toLowerCase()
    .replace(/[.,'’-]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => CITY_WORDS[word] ?? word)
    .join(' ');
}

const collapse = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A street line needs a name: at least one letter (a bare number is no address). */
const hasStreet = (address1: string) => /\p{L}/u.test(address1);

function verifyCanadian(address: AddressToVerify, postalCode: string): AddressVerification {
  const formatted = `${postalCode.slice(0, 3)} ${postalCode.slice(3)}`;
  const state = address.state.toUpperCase();
  const provinces = PROVINCES_BY_FIRST_LETTER[postalCode.charAt(0)];
  if (!provinces)
    return refused(address, RETURN_CODES.zipNotFound, `Postal code ${formatted} does not exist.`);
  if (!provinces.includes(state))
    return refused(
      address,
      RETURN_CODES.zipStateMismatch,
      `Postal code ${formatted} is in ${provinces.join(' or ')}, not ${state || 'the province given'}.`,
    );
  if (!hasStreet(address.address1) || address.city === '')
    return refused(address, RETURN_CODES.streetMissing, 'The street address or city is missing.');
  return {
    returnCode: RETURN_CODES.canadianMatch,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state,
    zip: formatted,
    cleansingResult: `Postal code ${formatted} agrees with ${state}; the street was not checked.`,
  };
}

function verifyUs(address: AddressToVerify, zip: string): AddressVerification {
  const state = address.state.toUpperCase();
  const place = lookupZip(zip.slice(0, 5));
  if (!place || place.country !== 'US')
    return refused(address, RETURN_CODES.zipNotFound, `ZIP code ${zip} does not exist.`);
  if (place.state !== state)
    return refused(
      address,
      RETURN_CODES.zipStateMismatch,
      `ZIP code ${zip} is in ${place.state}, not ${state || 'the state given'}.`,
    );
  if (!hasStreet(address.address1))
    return refused(address, RETURN_CODES.streetMissing, 'The street address is missing.');
  const isCityAsEntered = normalizeCity(address.city) === normalizeCity(place.city);
  return {
    returnCode: RETURN_CODES.zipMatch,
    address1: address.address1,
    address2: address.address2,
    city: place.city,
    state,
    zip,
    cleansingResult: isCityAsEntered
      ? `ZIP code ${zip} agrees with ${place.city}, ${state}; the street was not checked.`
      : `City corrected to ${place.city}, the city of ZIP code ${zip}; the street was not checked.`,
  };
}

/**
 * Checks an address against the `zipcodes` package's US and Canadian data, with no account
 * anywhere (decision 035). A US ZIP must exist and be in the state; the city becomes the ZIP's
 * (compared without case, punctuation or abbreviations, so a different one is reported as a
 * correction). A Canadian postal code is checked by its format (A1A 1A1, or 6 characters: the
 * spec's "ZIP length 6 means a Canadian province") and the province its first letter implies.
 * The street is only checked to be there: no street data is packaged, so the best code this
 * answers is 22 (US) or 0 (Canada), never 31.
 */
export function createLocalAddressVerifier(): AddressVerifier {
  return {
    kind: 'local',
    verify: (entered) => {
      const address: AddressToVerify = {
        address1: collapse(entered.address1),
        address2: collapse(entered.address2),
        city: collapse(entered.city),
        state: entered.state.trim(),
        zip: entered.zip.trim().toUpperCase(),
      };
      if (address.zip === '')
        return Promise.resolve(
          refused(address, RETURN_CODES.zipNotFound, 'The ZIP code is missing.'),
        );
      const postalCode = parseCanadianPostalCode(address.zip);
      if (postalCode) return Promise.resolve(verifyCanadian(address, postalCode));
      const zip = parseUsZip(address.zip);
      if (!zip)
        return Promise.resolve(
          refused(
            address,
            RETURN_CODES.zipNotFound,
            `${address.zip} is not a US ZIP code or a Canadian postal code.`,
          ),
        );
      return Promise.resolve(verifyUs(address, zip));
    },
  };
}
