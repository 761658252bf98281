import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Promotion,
  Promotions,
  ReferralPromo,
  ReferralPromoQuery,
  ValidatePromotionRequest,
} from '@monitor/contract/store';
import { perAddressLimit } from '../../platform/http/rate-limits';
import { findReferralPromo, listPromotionsInForce, validatePromoCode } from './promotions.service';

const tags = ['store'];

/**
 * Promotions (store-and-public-site §7 "Items, promotions, cart and sales"): sent without a token.
 * Validation is limited per client address (RATE_LIMIT_STORE_WRITES): it is how a code would be
 * guessed.
 */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/promotions',
    {
      schema: {
        tags,
        summary: 'The promotions in force today (New York): a benefit, not expired',
        response: { 200: Promotions },
      },
    },
    async () => listPromotionsInForce(app.ctx),
  );

  app.post(
    '/api/promotions/validate',
    {
      config: perAddressLimit(app.ctx.config.rateLimits.storeWrites),
      schema: {
        tags,
        summary:
          "The promotion of {PromoCode} (upper-cased) when in force; 404 'Invalid Promo Code, cannot proceed!' otherwise",
        body: ValidatePromotionRequest,
        response: { 200: Promotion },
      },
    },
    async (request) => validatePromoCode(app.ctx, request.body.PromoCode),
  );

  app.get(
    '/api/promotions/getReferralPromo',
    {
      schema: {
        tags,
        summary:
          'A landing page’s code: ?promoCode=; PromotionId null when no such code, ExpiryDate, the referral DevicePrice',
        querystring: ReferralPromoQuery,
        response: { 200: ReferralPromo },
      },
    },
    async (request) => findReferralPromo(app.ctx, request.query.promoCode),
  );
};
