import { parseCanadianPostalCode, parseUsZip } from '@monitor/domain/shared/postal-codes';
import {
  ClientBuilder,
  LookupInternationalStreet,
  LookupUSStreet,
  StaticCredentials,
  type CandidateInternationalStreet,
  type CandidateUSStreet,
} from 'smartystreets-javascript-sdk';
import {
  RETURN_CODES,
  type AddressToVerify,
  type AddressVerification,
  type AddressVerifier,
} from './address-verifier';
import { createLocalAddressVerifier } from './local-address-verifier';

export type SmartySettings = {
  authId: string;
  authToken: string;
  /**
   * The US Street and International Street endpoints instead of Smarty's (tests point them at a
   * local stub); signing, encoding and parsing stay the SDK's own.
   */
  baseUrls?: { usStreet: string; internationalStreet: string };
};

/**
 * Footnotes saying Smarty changed what was entered (US Street API "footnotes"): A# ZIP corrected,
 * B# city or state corrected, L# a street component added or changed, M# street name spelling
 * corrected, U# an unofficial city name replaced. N# (abbreviations) is standardisation only.
 */
const CORRECTION_FOOTNOTES = ['A#', 'B#', 'L#', 'M#', 'U#'];

/** A Smarty request timeout: the web app waits on it, so a slow service fails fast (502). */
const TIMEOUT_MS = 8_000;

function usResult(
  entered: AddressToVerify,
  candidate: CandidateUSStreet | undefined,
  checked: AddressVerification,
): AddressVerification {
  if (!candidate || !['Y', 'S', 'D'].includes(candidate.analysis.dpvMatchCode ?? ''))
    return checked.returnCode === RETURN_CODES.zipNotFound ||
      checked.returnCode === RETURN_CODES.zipStateMismatch
      ? checked
      : {
          ...entered,
          returnCode: RETURN_CODES.addressNotFound,
          cleansingResult: `No such street address was found in ZIP code ${entered.zip}.`,
        };
  const { components, analysis } = candidate;
  const cleansed = {
    address1: candidate.deliveryLine1,
    // Smarty folds the apartment into delivery_line_1; line 2 is rare (a second address line).
    address2: candidate.deliveryLine2 ?? '',
    city: components.cityName ?? entered.city,
    state: components.state ?? entered.state,
    zip: components.zipCode ?? entered.zip,
  };
  const footnotes = analysis.footnotes ?? '';
  const isCorrected =
    CORRECTION_FOOTNOTES.some((note) => footnotes.includes(note)) ||
    cleansed.zip !== entered.zip.slice(0, 5) ||
    cleansed.state !== entered.state.toUpperCase();
  if (analysis.dpvMatchCode === 'S')
    return {
      ...cleansed,
      returnCode: RETURN_CODES.streetMatch,
      cleansingResult: 'Building found; the apartment or suite given is not recognised.',
    };
  if (analysis.dpvMatchCode === 'D')
    return {
      ...cleansed,
      returnCode: RETURN_CODES.streetMatch,
      cleansingResult: 'Building found; it needs an apartment or suite number.',
    };
  return isCorrected
    ? {
        ...cleansed,
        returnCode: RETURN_CODES.correctedMatch,
        cleansingResult: `Address found after corrections (${footnotes}).`,
      }
    : { ...cleansed, returnCode: RETURN_CODES.exactMatch, cleansingResult: 'Address found.' };
}

/** Smarty International: Verified, or Partial down to the street or building, is a Canadian match. */
const ACCEPTED_PRECISIONS = ['Thoroughfare', 'Premise', 'DeliveryPoint'];

function canadianResult(
  entered: AddressToVerify,
  candidate: CandidateInternationalStreet | undefined,
): AddressVerification {
  const status = candidate?.analysis.verificationStatus;
  const precision = candidate?.analysis.addressPrecision ?? '';
  if (
    !candidate ||
    !(status === 'Verified' || (status === 'Partial' && ACCEPTED_PRECISIONS.includes(precision)))
  )
    return {
      ...entered,
      returnCode: RETURN_CODES.addressNotFound,
      cleansingResult: `No such street address was found at postal code ${entered.zip}.`,
    };
  const { components } = candidate;
  return {
    returnCode: RETURN_CODES.canadianMatch,
    address1: candidate.address1,
    address2: '',
    city: components.locality ?? entered.city,
    state: components.administrativeArea ?? entered.state,
    zip: components.postalCode ?? entered.zip,
    cleansingResult: `Address found (${status}, ${precision}).`,
  };
}

/**
 * Smarty's US Street API for US addresses and its International Street API for Canadian ones,
 * through the official SDK (decision 035). The packaged checks run first: a missing street (13) costs
 * no lookup, nor does a Canadian postal code in another province; a US address goes to Smarty even
 * with a wrong ZIP, which Smarty may correct (32). When Smarty finds no deliverable match, the
 * packaged checks say why where they can (11 unknown ZIP, 12 ZIP in another state), else 23.
 */
export function createSmartyAddressVerifier({
  authId,
  authToken,
  baseUrls,
}: SmartySettings): AddressVerifier {
  // One builder per client: a builder keeps the first base URL it is given.
  const builder = (baseUrl: string | undefined) => {
    const b = new ClientBuilder(new StaticCredentials(authId, authToken))
      .withMaxRetries(0)
      .withMaxTimeout(TIMEOUT_MS);
    return baseUrl ? b.withBaseUrl(baseUrl) : b;
  };
  const usStreet = builder(baseUrls?.usStreet).buildUsStreetApiClient();
  const internationalStreet = builder(
    baseUrls?.internationalStreet,
  ).buildInternationalStreetClient();
  const local = createLocalAddressVerifier();

  return {
    kind: 'smarty',
    verify: async (entered) => {
      const checked = await local.verify(entered);
      if (checked.returnCode === RETURN_CODES.streetMissing) return checked;
      const postalCode = parseCanadianPostalCode(entered.zip);
      if (postalCode) {
        if (checked.returnCode !== RETURN_CODES.canadianMatch) return checked;
        const lookup = new LookupInternationalStreet('CAN');
        lookup.address1 = checked.address1;
        lookup.address2 = checked.address2 || undefined;
        lookup.locality = checked.city;
        lookup.administrativeArea = checked.state;
        lookup.postalCode = postalCode;
        const answered = await internationalStreet.send(lookup);
        return canadianResult(checked, answered.result[0]);
      }
      // Smarty needs a ZIP, or a city and state, to look in: garbage in the ZIP field is ours to refuse.
      const zip = entered.zip.trim();
      const canLookUp = zip === '' ? entered.city.trim() !== '' : parseUsZip(zip) !== null;
      if (!canLookUp) return checked;
      const typed: AddressToVerify = {
        address1: entered.address1.trim(),
        address2: entered.address2.trim(),
        city: entered.city.trim(),
        state: entered.state.trim().toUpperCase(),
        zip,
      };
      const lookup = new LookupUSStreet();
      lookup.street = typed.address1;
      lookup.secondary = typed.address2 || undefined;
      lookup.city = typed.city;
      lookup.state = typed.state;
      lookup.zipCode = typed.zip;
      // Strict: only addresses the USPS delivers to come back; anything else is no candidate.
      lookup.match = 'strict';
      lookup.maxCandidates = 1;
      await usStreet.send(lookup);
      return usResult(typed, lookup.result[0], checked);
    },
  };
}
