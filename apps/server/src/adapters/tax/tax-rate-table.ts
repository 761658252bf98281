/**
 * Combined sales tax rates (state rate plus the population-weighted average local rate), as
 * fractions, from the Tax Foundation's "State and Local Sales Tax Rates, 2024" (rates in effect
 * on 1 January 2024). The local stand-in's data only: a real deployment uses TaxJar (decision 035).
 */
export const COMBINED_RATE_BY_STATE: Readonly<Record<string, number>> = {
  AL: 0.0929,
  AK: 0.0182,
  AZ: 0.0838,
  AR: 0.0945,
  CA: 0.0885,
  CO: 0.0781,
  CT: 0.0635,
  DE: 0,
  DC: 0.06,
  FL: 0.07,
  GA: 0.0738,
  HI: 0.045,
  ID: 0.0603,
  IL: 0.0886,
  IN: 0.07,
  IA: 0.0694,
  KS: 0.0865,
  KY: 0.06,
  LA: 0.0956,
  ME: 0.055,
  MD: 0.06,
  MA: 0.0625,
  MI: 0.06,
  MN: 0.0804,
  MS: 0.0706,
  MO: 0.0839,
  MT: 0,
  NE: 0.0697,
  NV: 0.0824,
  NH: 0,
  NJ: 0.066,
  NM: 0.0762,
  NY: 0.0853,
  NC: 0.07,
  ND: 0.0696,
  OH: 0.0724,
  OK: 0.0898,
  OR: 0,
  PA: 0.0634,
  RI: 0.07,
  SC: 0.0749,
  SD: 0.0611,
  TN: 0.0955,
  TX: 0.082,
  UT: 0.0725,
  VT: 0.0636,
  VA: 0.0577,
  WA: 0.0938,
  WV: 0.0655,
  WI: 0.0543,
  WY: 0.0544,
};

/**
 * Where a ZIP's rate differs from its state's average, by ZIP or by its first three digits (the
 * longer key wins). New York City is 8.875% (4% state, 4.5% city, 0.375% MCTD) in every borough;
 * Monroe County, NY, home of the brand, 8%; Chicago 10.25%; Seattle 10.35% (rates of 2024).
 */
export const COMBINED_RATE_BY_ZIP: Readonly<Record<string, number>> = {
  // Manhattan, Staten Island, the Bronx, Brooklyn and Queens.
  '100': 0.08875,
  '101': 0.08875,
  '102': 0.08875,
  '103': 0.08875,
  '104': 0.08875,
  '111': 0.08875,
  '112': 0.08875,
  '113': 0.08875,
  '114': 0.08875,
  '116': 0.08875,
  // Rochester and its suburbs in Monroe County.
  '146': 0.08,
  '606': 0.1025,
  '981': 0.1035,
};
