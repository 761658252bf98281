import type { Cents } from '@monitor/domain/shared/money';

/**
 * The sales tax port (accounts-devices-billing §5, §7 "Sales"; store-and-public-site §7 "tax").
 * Implementations: local-sales-tax.ts (a rate table) and taxjar-sales-tax.ts (TaxJar);
 * create-sales-tax.ts picks one. Money is in cents; rates are fractions (0.08875 for 8.875%).
 */

/** Where the goods or the service go. */
export type TaxDestination = {
  /** A US ZIP (5 or ZIP+4) or a Canadian postal code. */
  zip: string;
  /** Two-letter state or province; for a US ZIP it may be left '' and is then the ZIP's. */
  state: string;
  city?: string;
  street?: string;
};

/** The rate charged at a ZIP: the combined rate where the brand has nexus, otherwise 0. */
export type TaxRate = { zip: string; state: string | null; rate: number; hasNexus: boolean };

export type OrderTax = {
  /** What is taxed: the amount, plus shipping where shipping is taxable. */
  taxableCents: Cents;
  taxCents: Cents;
  /** The combined rate applied; 0 where the brand has no nexus. */
  rate: number;
  hasNexus: boolean;
};

export type SalesTaxCalculator = {
  kind: 'local' | 'taxjar';
  rateForZip: (zip: string) => Promise<TaxRate>;
  /** The tax on an order of `amountCents` (all units) plus `shippingCents` sent to `to`. */
  taxForOrder: (order: {
    to: TaxDestination;
    amountCents: Cents;
    shippingCents: Cents;
  }) => Promise<OrderTax>;
  /** The states the brand collects sales tax in. */
  nexusStates: () => Promise<string[]>;
};

/**
 * The destination cannot be taxed as given (an unknown ZIP, a ZIP in another state): the caller's
 * mistake, answered 400. Any other failure of an implementation is the service's (502).
 */
export class TaxDestinationRefused extends Error {
  override readonly name = 'TaxDestinationRefused';
}

/** The brand ships and bills from Rochester, NY (store-and-public-site §9: postage origin zip 14624). */
export const TAX_ORIGIN = { country: 'US', zip: '14624', state: 'NY' } as const;
