import { cents, multiplyCents, ZERO_CENTS } from '@monitor/domain/shared/money';
import { parseCanadianPostalCode, parseUsZip } from '@monitor/domain/shared/postal-codes';
import { lookup as lookupZip } from 'zipcodes';
import { TaxDestinationRefused, type SalesTaxCalculator, type TaxRate } from './sales-tax';
import { COMBINED_RATE_BY_STATE, COMBINED_RATE_BY_ZIP } from './tax-rate-table';

/** The combined rate at a US ZIP in `state`: the ZIP's own, its three-digit area's, or the state's. */
export function combinedRate(zip5: string, state: string): number {
  return (
    COMBINED_RATE_BY_ZIP[zip5] ??
    COMBINED_RATE_BY_ZIP[zip5.slice(0, 3)] ??
    COMBINED_RATE_BY_STATE[state] ??
    0
  );
}

/**
 * Sales tax from the packaged rate table (tax-rate-table.ts), charged only in `nexusStates`
 * (TAX_NEXUS_STATES; decision 035). A US ZIP must exist and, when a state is given, be in it.
 * Canadian addresses pay no US sales tax. Shipping is taxed like the goods, as New York (the
 * default and only nexus state) taxes delivery charges on taxable sales.
 */
export function createLocalSalesTax(nexusStates: readonly string[]): SalesTaxCalculator {
  function rateAt(zip: string, givenState: string): TaxRate {
    const typed = zip.trim().toUpperCase();
    if (parseCanadianPostalCode(typed))
      return { zip: typed, state: null, rate: 0, hasNexus: false };
    const usZip = parseUsZip(typed);
    const place = usZip ? lookupZip(usZip.slice(0, 5)) : undefined;
    if (!usZip || !place || place.country !== 'US')
      throw new TaxDestinationRefused(`ZIP code ${typed} does not exist.`);
    const state = givenState.trim().toUpperCase();
    if (state !== '' && state !== place.state)
      throw new TaxDestinationRefused(`ZIP code ${typed} is in ${place.state}, not ${state}.`);
    const hasNexus = nexusStates.includes(place.state);
    return {
      zip: typed,
      state: place.state,
      rate: hasNexus ? combinedRate(usZip.slice(0, 5), place.state) : 0,
      hasNexus,
    };
  }

  return {
    kind: 'local',
    // Through `then`, so a refused ZIP rejects the promise as the port says, never throws.
    rateForZip: (zip) => Promise.resolve().then(() => rateAt(zip, '')),
    taxForOrder: ({ to, amountCents, shippingCents }) =>
      Promise.resolve().then(() => {
        const { rate, hasNexus } = rateAt(to.zip, to.state);
        const taxableCents = hasNexus ? cents(amountCents + shippingCents) : ZERO_CENTS;
        return { taxableCents, taxCents: multiplyCents(taxableCents, rate), rate, hasNexus };
      }),
    nexusStates: () => Promise.resolve([...nexusStates]),
  };
}
