import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeaders } from '@monitor/contract/registration';
import {
  ReplacementParams,
  ReplacementQuery,
  ReplacementRequest,
  ReplacementSubmitted,
  ReplacementUser,
} from '@monitor/contract/replacement';
import { perAddressLimit, SENDS_CARD } from '../../platform/http/rate-limits';
import { getReplacementUser, submitReplacement } from './replacement.service';

const tags = ['store'];

/**
 * The replacement offer (store-and-public-site §2 "/deviceupgrade", §7 "Replacement program";
 * decision 045). Public: the link's token is the permission, good for its owner only, for one
 * order, for 30 days; a used, expired, forged or another user's token is a 403. Limited per
 * client address like the store's other writes.
 */
export const replacementRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = perAddressLimit(app.ctx.config.rateLimits.storeWrites);

  app.get(
    '/api/verizonreplacement/:userId',
    {
      config,
      schema: {
        tags,
        summary:
          'The owner and their devices the replacement offer takes, with the link’s token: ?token=…',
        params: ReplacementParams,
        querystring: ReplacementQuery,
        response: { 200: ReplacementUser },
      },
    },
    async (request) =>
      getReplacementUser(app.ctx, {
        userId: request.params.userId,
        token: request.query.token,
      }),
  );

  app.post(
    '/api/verizonreplacement/form/submit',
    {
      config: { ...config, ...SENDS_CARD },
      schema: {
        tags,
        summary:
          'Order replacements for the owner’s eligible devices with the link’s token (?token=…), once per Idempotency-Key; the server prices the lines',
        querystring: ReplacementQuery,
        headers: IdempotencyHeaders,
        body: ReplacementRequest,
        response: { 200: ReplacementSubmitted },
      },
    },
    async (request) =>
      submitReplacement(app.ctx, {
        token: request.query.token,
        idempotencyKey: request.headers['idempotency-key'],
        request: request.body,
      }),
  );
};
