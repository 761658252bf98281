/**
 * Answers of TaxJar's API v2 as taxjar-node's own tests record them (test/mocks/taxes.js,
 * rates.js, nexus_regions.js, errors.js), for the requests the tests send. A test that runs
 * against TaxJar's sandbox (TAXJAR_API_KEY set) checks the same mapping on live answers.
 */

/** POST /v2/taxes from 07001 NJ to 07446 NJ, amount 16.50, shipping 1.50. */
export const TAX_FOR_ORDER = {
  tax: {
    order_total_amount: 16.5,
    shipping: 1.5,
    taxable_amount: 16.5,
    amount_to_collect: 1.16,
    rate: 0.07,
    has_nexus: true,
    freight_taxable: true,
    tax_source: 'destination',
    exemption_type: 'non_exempt',
    breakdown: {
      shipping: { state_amount: 0.11, state_sales_tax_rate: 0.07 },
      state_taxable_amount: 16.5,
      state_tax_collectable: 1.16,
      county_taxable_amount: 0,
      county_tax_collectable: 0,
      city_taxable_amount: 0,
      city_tax_collectable: 0,
    },
  },
};

/** POST /v2/taxes where the account has no nexus. */
export const TAX_FOR_ORDER_NO_NEXUS = {
  tax: {
    order_total_amount: 16.5,
    shipping: 1.5,
    taxable_amount: 0,
    amount_to_collect: 0,
    rate: 0,
    has_nexus: false,
    freight_taxable: false,
    tax_source: null,
    exemption_type: 'non_exempt',
  },
};

/** GET /v2/rates/90002 (TaxJar answers rates as strings here). */
export const RATES_90002 = {
  rate: {
    zip: '90002',
    state: 'CA',
    state_rate: '0.065',
    county: 'LOS ANGELES',
    county_rate: '0.01',
    city: 'WATTS',
    city_rate: '0.0',
    combined_district_rate: '0.015',
    combined_rate: '0.09',
  },
};

/** GET /v2/nexus/regions. */
export const NEXUS_REGIONS = {
  regions: [
    { country_code: 'US', country: 'United States', region_code: 'CA', region: 'California' },
    { country_code: 'US', country: 'United States', region_code: 'NY', region: 'New York' },
    { country_code: 'US', country: 'United States', region_code: 'WA', region: 'Washington' },
  ],
};

/** A 400 for a ZIP not in the state given (TaxJar's error body). */
export const ZIP_STATE_MISMATCH = {
  error: 'Bad Request',
  detail: 'to_zip 07446 is not used within to_state NY',
  status: 400,
};

/** A 401 for a wrong API key. */
export const UNAUTHORIZED = {
  error: 'Unauthorized',
  detail: "Not authorized for route 'POST /v2/taxes'",
  status: 401,
};
