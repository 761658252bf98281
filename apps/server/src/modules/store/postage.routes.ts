import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PostageRate, PostageRateQuery, ShippingRateMultiplier } from '@monitor/contract/store';
import { centsToDollars } from '@monitor/domain/shared/money';
import type { DeliveryMethod } from '@monitor/domain/store/shipping';
import { perAddressLimit } from '../../platform/http/rate-limits';
import { deliveryDateFor, quotePostage, rateMultiplier } from './shipping.service';

const tags = ['store'];

/** The spec's service codes (store-and-public-site §7): 1 overnight, 2 regular. */
const METHOD_OF_SERVICE: Readonly<Record<1 | 2, DeliveryMethod>> = {
  1: 'overnightShipping',
  2: 'regularShipping',
};

/**
 * Postage and the shipping multipliers of the cart (store-and-public-site §7 "Items, promotions,
 * cart and sales", §9; decision 043). Sent without a token, so public, and limited per client
 * address like the address checks: each postage quote may be a paid call to EasyPost.
 */
export const postageRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = perAddressLimit(app.ctx.config.rateLimits.salesChecks);

  app.get(
    '/api/sales/calculatePostageRateEstore',
    {
      config,
      schema: {
        tags,
        summary:
          'Postage for a parcel: ?weight=<ounces after the §9 multipliers>&toZipCode&fromZipCode=14624&shippingType=1 (overnight) or 2 (regular); Rate[0] in dollars, DeliveryDate (yyyy-MM-dd) the §4 estimate for an order placed now; 400 for a ZIP the postage service refuses, 502 when it cannot answer',
        querystring: PostageRateQuery,
        response: { 200: PostageRate },
      },
    },
    async ({ query }) => {
      const postageCents = await quotePostage(app.ctx, {
        weightOunces: query.weight,
        fromZip: query.fromZipCode,
        toZip: query.toZipCode,
        service: query.shippingType,
      });
      return {
        Rate: [centsToDollars(postageCents)],
        DeliveryDate: deliveryDateFor(app.ctx, METHOD_OF_SERVICE[query.shippingType]),
      };
    },
  );

  for (const [path, method] of [
    ['/api/sales/getShippingRateRegular', 'regularShipping'],
    ['/api/sales/getShippingRateOvernight', 'overnightShipping'],
  ] as const) {
    app.get(
      path,
      {
        config,
        schema: {
          tags,
          summary: `The ${method === 'regularShipping' ? 'regular' : 'overnight'} shipping rate multiplier of §9 (shipping = postage + Multiplier × postage)`,
          response: { 200: ShippingRateMultiplier },
        },
      },
      async () => ({ Multiplier: rateMultiplier(app.ctx, method) }),
    );
  }
};
