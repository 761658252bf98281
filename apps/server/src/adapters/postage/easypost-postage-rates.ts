import EasyPostClient from '@easypost/api';
import { dollarsToCents } from '@monitor/domain/shared/money';
import { parsePostalCode } from '@monitor/domain/shared/postal-codes';
import {
  PostageRefused,
  unknownZipCode,
  type PostageQuery,
  type PostageRates,
  type PostageService,
} from './postage-rates';

export type EasypostSettings = {
  apiKey: string;
  /** Another API root than `https://api.easypost.com/v2/`: in tests, a stand-in on 127.0.0.1. */
  baseUrl?: string;
};

/** A rate of an EasyPost shipment, the fields read here. */
type EasypostRate = { carrier: string; service: string; rate: string; currency: string };
type EasypostShipment = {
  rates?: EasypostRate[];
  messages?: { carrier?: string; message?: string }[];
};

/**
 * Which services count as each of ours, by EasyPost's service names (decision 043). Overnight:
 * the next-day services (UPS NextDayAir*, FedEx *_OVERNIGHT) and Express (USPS Priority Mail
 * Express, next day to most addresses; UPS Worldwide Express to Canada). Regular: the ground
 * services (USPS GroundAdvantage, UPS Ground, FEDEX_GROUND, GROUND_HOME_DELIVERY) and, to Canada
 * where no carrier sells "ground", UPS Standard and USPS First-Class Package International.
 */
const SERVICES: Readonly<Record<PostageService, RegExp>> = {
  1: /overnight|next_?day|^express$/i,
  2: /ground|^upsstandard$|^firstclasspackageinternationalservice$/i,
};

/** EasyPost's answers for a shipment it cannot rate as asked: a bad request, an unknown address. */
const REFUSING_STATUSES = [400, 404, 422];

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'statusCode' in error
    ? Number(error.statusCode)
    : undefined;

/**
 * Postage through EasyPost's official SDK (decision 043): a shipment from the origin ZIP to the
 * destination with a parcel of the weight in ounces, whose rates EasyPost fills in from the
 * account's carriers; the cheapest rate of the service's kind is the postage. A destination that
 * is not a US ZIP or Canadian postal code is refused before any call; one EasyPost rejects, or
 * where no carrier offers the service, is refused with EasyPost's or the carriers' words.
 */
export function createEasypostPostageRates({ apiKey, baseUrl }: EasypostSettings): PostageRates {
  const client = new EasyPostClient(apiKey, { timeout: 20_000, ...(baseUrl && { baseUrl }) });

  async function createShipment(query: PostageQuery): Promise<EasypostShipment> {
    const from = parsePostalCode(query.fromZip);
    const to = parsePostalCode(query.toZip);
    if (!from || from.country !== 'US') throw unknownZipCode(query.fromZip);
    if (!to) throw unknownZipCode(query.toZip);
    try {
      return await client.Shipment.create({
        from_address: { zip: from.code, country: 'US' },
        to_address: { zip: to.country === 'CA' ? to.formatted : to.code, country: to.country },
        // EasyPost weighs in ounces, to a tenth.
        parcel: { weight: Math.max(0.1, Math.ceil(query.weightOunces * 10) / 10) },
      });
    } catch (error) {
      const status = statusOf(error);
      if (status !== undefined && REFUSING_STATUSES.includes(status))
        throw new PostageRefused((error as Error).message || `Cannot send to ${query.toZip}.`);
      throw error instanceof Error ? error : new Error(String(error));
    }
  }

  return {
    kind: 'easypost',
    quote: async (query) => {
      const shipment = await createShipment(query);
      const rates = (shipment.rates ?? []).filter(
        (rate) =>
          rate.currency === 'USD' &&
          Number.isFinite(Number(rate.rate)) &&
          SERVICES[query.service].test(rate.service),
      );
      const cheapest = rates.reduce<EasypostRate | undefined>(
        (best, rate) => (!best || Number(rate.rate) < Number(best.rate) ? rate : best),
        undefined,
      );
      if (!cheapest) {
        const said = (shipment.messages ?? []).map((m) => m.message).filter(Boolean);
        const service = query.service === 1 ? 'overnight' : 'regular';
        throw new PostageRefused(
          [`No ${service} service to ${query.toZip}.`, ...said].join(' ').trim(),
        );
      }
      return {
        rateCents: dollarsToCents(Number(cheapest.rate)),
        carrier: cheapest.carrier,
        serviceName: cheapest.service,
      };
    },
  };
}
