/**
 * Answers of Smarty's US Street and International Street APIs, in the shape Smarty documents and
 * the SDK's own tests use (smartystreets-javascript-sdk tests/us_street/test_Candidate.js,
 * tests/international_street/test_Candidate.js), for the addresses the tests send. A test that
 * runs against the real service (SMARTY_AUTH_ID set) checks the same mapping on live answers.
 */

const rosedale = {
  input_index: 0,
  candidate_index: 0,
  delivery_line_1: '1 N Rosedale St',
  last_line: 'Baltimore MD 21229-3737',
  delivery_point_barcode: '212293737013',
  components: {
    primary_number: '1',
    street_predirection: 'N',
    street_name: 'Rosedale',
    street_suffix: 'St',
    city_name: 'Baltimore',
    default_city_name: 'Baltimore',
    state_abbreviation: 'MD',
    zipcode: '21229',
    plus4_code: '3737',
    delivery_point: '01',
    delivery_point_check_digit: '3',
  },
  metadata: {
    record_type: 'S',
    zip_type: 'Standard',
    county_fips: '24510',
    county_name: 'Baltimore City',
    carrier_route: 'C047',
    congressional_district: '07',
    rdi: 'Residential',
    elot_sequence: '0059',
    elot_sort: 'A',
    latitude: 39.28602,
    longitude: -76.6689,
    precision: 'Zip9',
    time_zone: 'Eastern',
    utc_offset: -5,
    dst: true,
  },
  analysis: {
    dpv_match_code: 'Y',
    dpv_footnotes: 'AABB',
    dpv_cmra: 'N',
    dpv_vacant: 'N',
    dpv_no_stat: 'N',
    active: 'Y',
  },
};

/** `1 N Rosedale St, Baltimore, MD 21229`: confirmed as entered. */
export const US_EXACT = [rosedale];

/** `1 north rosedale, Baltimor, MD 21229`: confirmed after correcting the city and the suffix. */
export const US_CORRECTED = [
  {
    ...rosedale,
    analysis: { ...rosedale.analysis, footnotes: 'B#L#N#' },
  },
];

/** `1600 Amphitheatre Pkwy, Mountain View, CA 94043` without its suite: the building, secondary missing. */
export const US_SECONDARY_MISSING = [
  {
    input_index: 0,
    candidate_index: 0,
    delivery_line_1: '1600 Amphitheatre Pkwy',
    last_line: 'Mountain View CA 94043-1351',
    delivery_point_barcode: '940431351000',
    components: {
      primary_number: '1600',
      street_name: 'Amphitheatre',
      street_suffix: 'Pkwy',
      city_name: 'Mountain View',
      default_city_name: 'Mountain View',
      state_abbreviation: 'CA',
      zipcode: '94043',
      plus4_code: '1351',
      delivery_point: '00',
      delivery_point_check_digit: '0',
    },
    metadata: { record_type: 'H', zip_type: 'Standard', rdi: 'Commercial', precision: 'Zip9' },
    analysis: {
      dpv_match_code: 'D',
      dpv_footnotes: 'AAN1',
      dpv_cmra: 'N',
      dpv_vacant: 'N',
      active: 'Y',
      footnotes: 'H#N#',
    },
  },
];

/** No deliverable address matched: Smarty answers an empty list. */
export const US_NONE: unknown[] = [];

/** `100 Queen St, Ottawa, ON K1P 1J9`. */
export const CANADA_VERIFIED = [
  {
    address1: '100 Queen St',
    address2: 'Ottawa ON K1P 1J9',
    components: {
      administrative_area: 'ON',
      country_iso_3: 'CAN',
      locality: 'Ottawa',
      postal_code: 'K1P 1J9',
      postal_code_short: 'K1P 1J9',
      premise: '100',
      premise_number: '100',
      thoroughfare: 'Queen St',
      thoroughfare_name: 'Queen',
      thoroughfare_trailing_type: 'St',
    },
    metadata: {
      latitude: 45.42197,
      longitude: -75.69776,
      geocode_precision: 'Premise',
      max_geocode_precision: 'DeliveryPoint',
      address_format: 'premise thoroughfare|locality administrative_area postal_code',
    },
    analysis: {
      verification_status: 'Verified',
      address_precision: 'Premise',
      max_address_precision: 'DeliveryPoint',
    },
  },
];

/** A street Canada Post does not know: only the locality was matched. */
export const CANADA_LOCALITY_ONLY = [
  {
    address1: 'Ottawa ON K1P 1J9',
    components: {
      administrative_area: 'ON',
      country_iso_3: 'CAN',
      locality: 'Ottawa',
      postal_code: 'K1P 1J9',
    },
    metadata: {},
    analysis: {
      verification_status: 'Partial',
      address_precision: 'Locality',
      max_address_precision: 'DeliveryPoint',
    },
  },
];

/** Smarty's answer to a wrong auth-id or auth-token. */
export const UNAUTHORIZED = {
  errors: [
    {
      id: 0,
      message:
        'Unauthorized: The credentials were provided incorrectly or did not match any existing, active credentials.',
    },
  ],
};
