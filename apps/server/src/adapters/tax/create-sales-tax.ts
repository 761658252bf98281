import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config';
import { createLocalSalesTax } from './local-sales-tax';
import { TaxDestinationRefused, type SalesTaxCalculator } from './sales-tax';

/**
 * TaxJar when TAXJAR_API_KEY is set, otherwise the packaged rate table charged in
 * TAX_NEXUS_STATES (decision 035). TaxJar's failures, other than a refused destination, are
 * logged here before the caller answers 502. TaxJar's SDK is loaded only when it is used.
 */
export async function createSalesTax(
  config: Pick<Config, 'taxjar' | 'taxNexusStates'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SalesTaxCalculator> {
  if (!config.taxjar) return createLocalSalesTax(config.taxNexusStates);
  const { createTaxjarSalesTax } = await import('./taxjar-sales-tax');
  const taxjar = createTaxjarSalesTax(config.taxjar);
  const logged =
    <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
    (...args: A) =>
      call(...args).catch((error: unknown) => {
        if (!(error instanceof TaxDestinationRefused))
          log.warn({ err: error }, `sales tax: TaxJar did not answer ${name}`);
        throw error;
      });
  return {
    kind: taxjar.kind,
    rateForZip: logged('ratesForLocation', taxjar.rateForZip),
    taxForOrder: logged('taxForOrder', taxjar.taxForOrder),
    nexusStates: logged('nexusRegions', taxjar.nexusStates),
  };
}
