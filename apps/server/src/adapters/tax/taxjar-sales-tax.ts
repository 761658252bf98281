import { cents, dollarsToCents, centsToDollars, ZERO_CENTS } from '@monitor/domain/shared/money';
import { parseCanadianPostalCode } from '@monitor/domain/shared/postal-codes';
import Taxjar from 'taxjar';
import { TAX_ORIGIN, TaxDestinationRefused, type SalesTaxCalculator } from './sales-tax';

export type TaxjarSettings = {
  apiKey: string;
  /** TAXJAR_API_URL: TaxJar's sandbox (`https://api.sandbox.taxjar.com`) or, in tests, a stub. */
  apiUrl: string | undefined;
};

/** TaxJar's answers for a destination it cannot tax: a bad request, an unknown ZIP, a mismatch. */
const REFUSING_STATUSES = [400, 404, 406, 422];

/** TaxJar's error, or the SDK's (a network failure), as the port's two kinds of failure. */
function toPortError(error: unknown): Error {
  if (error instanceof Taxjar.Error && REFUSING_STATUSES.includes(error.status))
    return new TaxDestinationRefused(error.detail || error.error);
  return error instanceof Error ? error : new Error(String(error));
}

/** TaxJar's rates come as numbers, or as strings in older answers. */
const rateOf = (value: number | string | undefined) => Number(value ?? 0) || 0;

/**
 * TaxJar through its official SDK (decision 035): `ratesForLocation` for a ZIP's rate,
 * `taxForOrder` from the brand's origin (Rochester, NY) for an order, `nexusRegions` for where the
 * account collects. TaxJar decides nexus and whether shipping is taxable; the nexus list is asked
 * once per process (it changes when the account is reconfigured, with a restart).
 */
export function createTaxjarSalesTax({ apiKey, apiUrl }: TaxjarSettings): SalesTaxCalculator {
  const client = new Taxjar({ apiKey, ...(apiUrl && { apiUrl: apiUrl.replace(/\/$/, '') }) });
  let nexus: Promise<string[]> | undefined;
  const nexusStates = () => {
    nexus ??= client.nexusRegions().then(
      ({ regions }) => regions.filter((r) => r.country_code === 'US').map((r) => r.region_code),
      (error: unknown) => {
        nexus = undefined;
        throw toPortError(error);
      },
    );
    return nexus;
  };

  return {
    kind: 'taxjar',
    rateForZip: async (zip) => {
      const typed = zip.trim().toUpperCase();
      if (parseCanadianPostalCode(typed))
        return { zip: typed, state: null, rate: 0, hasNexus: false };
      const [{ rate }, states] = await Promise.all([
        client.ratesForLocation(typed, { country: 'US' }).catch((error: unknown) => {
          throw toPortError(error);
        }),
        nexusStates(),
      ]);
      const state = rate.state ?? null;
      const hasNexus = state !== null && states.includes(state);
      return { zip: typed, state, rate: hasNexus ? rateOf(rate.combined_rate) : 0, hasNexus };
    },
    taxForOrder: async ({ to, amountCents, shippingCents }) => {
      const postalCode = parseCanadianPostalCode(to.zip);
      const { tax } = await client
        .taxForOrder({
          from_country: TAX_ORIGIN.country,
          from_zip: TAX_ORIGIN.zip,
          from_state: TAX_ORIGIN.state,
          to_country: postalCode ? 'CA' : 'US',
          to_zip: postalCode ?? to.zip.trim(),
          to_state: to.state.trim().toUpperCase(),
          ...(to.city && { to_city: to.city }),
          ...(to.street && { to_street: to.street }),
          amount: centsToDollars(amountCents),
          shipping: centsToDollars(shippingCents),
        })
        .catch((error: unknown) => {
          throw toPortError(error);
        });
      return {
        taxableCents: tax.has_nexus ? dollarsToCents(tax.taxable_amount) : ZERO_CENTS,
        taxCents: cents(dollarsToCents(tax.amount_to_collect)),
        rate: rateOf(tax.rate),
        hasNexus: tax.has_nexus,
      };
    },
    nexusStates,
  };
}
