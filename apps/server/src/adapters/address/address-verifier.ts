/**
 * The address verification port (accounts-devices-billing §3 "Address verification result", §5;
 * store-and-public-site §8 "Address"). Implementations: local-address-verifier.ts (the `zipcodes`
 * package) and smarty-address-verifier.ts (Smarty); create-address-verifier.ts picks one.
 */

/** An address as the billing and shipping forms send it. */
export type AddressToVerify = {
  address1: string;
  address2: string;
  city: string;
  /** A US state or a Canadian province, as its two-letter code. */
  state: string;
  /** A US ZIP (5 or ZIP+4) or a Canadian postal code (with or without its space). */
  zip: string;
};

/**
 * The return codes, in the style of address-cleansing services: the tens say how far the address
 * was confirmed (3 the delivery point, 2 the building or only the ZIP, 1 nothing), 0 is Canada
 * (decision 035). The web app accepts
 * 31, 32, 21, 22 and 0 and replaces the entered address with the cleansed one; it rejects 23,
 * 11, 12 and 13 and shows AddressCleansingResult (accounts-devices-billing §5).
 */
export const RETURN_CODES = {
  /** The delivery point (street, number, apartment) is confirmed exactly as entered. */
  exactMatch: 31,
  /** The delivery point is confirmed after correcting the street, city, state or ZIP. */
  correctedMatch: 32,
  /** The building is confirmed; its apartment or suite is missing or not recognised. */
  streetMatch: 21,
  /** ZIP, state and city agree (the city may have been corrected); the street was not checked. */
  zipMatch: 22,
  /** A Canadian address whose postal code and province agree (format and province only). */
  canadianMatch: 0,
  /** The ZIP exists and agrees with the state, but no such street address is in it. */
  addressNotFound: 23,
  /** The ZIP or postal code is missing, malformed or does not exist. */
  zipNotFound: 11,
  /** The ZIP or postal code belongs to another state or province. */
  zipStateMismatch: 12,
  /** The street line is missing (empty, or no street name). */
  streetMissing: 13,
} as const;

export type ReturnCode = (typeof RETURN_CODES)[keyof typeof RETURN_CODES];

/** The verification result (accounts-devices-billing §3), cleansed fields for accepted codes. */
export type AddressVerification = {
  returnCode: ReturnCode;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  /** What was found or corrected, or why the address is refused, in a sentence. */
  cleansingResult: string;
};

export type AddressVerifier = {
  /** 'smarty' asks Smarty's APIs; 'local' checks against the packaged ZIP code data. */
  kind: 'local' | 'smarty';
  /** Rejects (throws) only when the service could not answer; a bad address is a result. */
  verify: (address: AddressToVerify) => Promise<AddressVerification>;
};

/** The result for an address refused before any lookup: fields as entered. */
export function refused(
  address: AddressToVerify,
  returnCode: ReturnCode,
  cleansingResult: string,
): AddressVerification {
  return { ...address, returnCode, cleansingResult };
}
