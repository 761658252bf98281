import type { Cents } from '@monitor/domain/shared/money';

/**
 * The postage port (store-and-public-site §7 calculatePostageRateEstore, §9; decision 043):
 * what it costs to send a parcel of a weight from one ZIP to another by a service.
 * Implementations: local-postage-rates.ts (a rate table by weight and distance zone) and the
 * EasyPost one; create-postage-rates.ts picks one. The §9 multipliers are applied by the caller.
 */

/** The spec's service codes: 1 overnight, 2 regular (store-and-public-site §7, §9). */
export type PostageService = 1 | 2;

export type PostageQuery = {
  /** Ounces, after the §9 weight multipliers. */
  weightOunces: number;
  fromZip: string;
  /** A US ZIP (5 or ZIP+4) or a Canadian postal code. */
  toZip: string;
  service: PostageService;
};

export type PostageQuote = { rateCents: Cents; carrier: string; serviceName: string };

export type PostageRates = {
  readonly kind: 'local' | 'easypost';
  quote(query: PostageQuery): Promise<PostageQuote>;
};

/**
 * The parcel cannot be sent as asked (an unknown ZIP, no such service to the destination): the
 * caller's mistake, answered 400 with the message. Any other failure is the service's (502).
 */
export class PostageRefused extends Error {
  override readonly name = 'PostageRefused';
}

/** A ZIP no carrier knows, in the words the customer reads in the postage alert (issue #24). */
export const unknownZipCode = (zip: string) =>
  new PostageRefused(`We don't recognise ZIP code ${zip}.`);
