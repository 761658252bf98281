import { estimateDeliveryDate, toLocalDateAndHour } from '@monitor/domain/store/delivery-dates';
import { buildPostageRateQuery, computeShippingCost } from '@monitor/domain/store/postage';
import type { CartItem } from '@monitor/domain/store/cart';
import type { DeliveryMethod } from '@monitor/domain/store/shipping';
import type { Cents } from '@monitor/domain/shared/money';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import { PostageRefused, type PostageService } from '../../adapters/postage/postage-rates';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../platform/errors';
import { BILLING_TIME_ZONE } from '../billing/billing-day';

/** The warehouse ships on Eastern time: its day and afternoon cutoff are New York's (store-and-public-site §4). */
export const SHIPPING_TIME_ZONE = BILLING_TIME_ZONE;

/** Wording ours: the page shows 'Could not get the postage rate : Error {message}' around it (§8). */
export const POSTAGE_FAILED = 'The postage service did not answer.';

/** The postage for a weight and service, a refused destination a 400 and an outage a 502. */
export async function quotePostage(
  ctx: AppContext,
  query: { weightOunces: number; fromZip: string; toZip: string; service: PostageService },
): Promise<Cents> {
  try {
    return (await ctx.postage.quote(query)).rateCents;
  } catch (error) {
    if (error instanceof PostageRefused) throw badRequest(error.message);
    throw new AppError(502, POSTAGE_FAILED);
  }
}

/** The §9 rate multiplier of a delivery method (SHIPPING_RATE_MULTIPLIER_REGULAR / _OVERNIGHT). */
export function rateMultiplier(ctx: AppContext, method: DeliveryMethod): number {
  const multipliers = ctx.config.shippingRateMultipliers;
  return method === 'overnightShipping' ? multipliers.overnight : multipliers.regular;
}

/** The expected delivery date of an order placed now by a method (store-and-public-site §4). */
export function deliveryDateFor(ctx: AppContext, method: DeliveryMethod): IsoDate {
  return estimateDeliveryDate({ ...toLocalDateAndHour(ctx.now(), SHIPPING_TIME_ZONE), method });
}

/**
 * What shipping a cart to a ZIP by a method costs before any promo (store-and-public-site §9:
 * shipping = postage + multiplier × postage, the weight from the §9 multipliers), and when it
 * arrives. The store page and the order both price shipping with this.
 */
export async function quoteShipping(
  ctx: AppContext,
  { items, toZip, method }: { items: readonly CartItem[]; toZip: string; method: DeliveryMethod },
): Promise<{ postageCents: Cents; shippingCents: Cents; deliveryDate: IsoDate }> {
  const query = buildPostageRateQuery(items, toZip, method);
  const postageCents = await quotePostage(ctx, {
    weightOunces: query.weight,
    fromZip: query.fromZipCode,
    toZip: query.toZipCode,
    service: query.shippingType,
  });
  return {
    postageCents,
    shippingCents: computeShippingCost(postageCents, rateMultiplier(ctx, method)),
    deliveryDate: deliveryDateFor(ctx, method),
  };
}
