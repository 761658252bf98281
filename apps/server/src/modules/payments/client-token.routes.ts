import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientToken, ClientTokenQuery } from '@monitor/contract/payments';
import { unauthorized } from '../../platform/errors';
import { clientTokenFor } from './client-token.service';

const schema = {
  tags: ['payments'],
  querystring: ClientTokenQuery,
  response: { 200: ClientToken },
};

/** `getClientToken` (account pages, store-and-public-site §7 "Payment"): a signed-in caller's. */
export const clientTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/paymentprocessing/getClientToken',
    {
      schema: {
        ...schema,
        summary:
          "A client token for the card fields: with customerId (the caller's own) for their vaulted cards, without for a new card",
      },
    },
    async (request) => ({
      ClientToken: await clientTokenFor(app.ctx, {
        userId: request.caller.userId,
        customerId: request.query.customerId,
      }),
    }),
  );
};

/**
 * `generateClientToken` (the store, §7): public, because a guest checks out too (§6 "Visitor: may
 * … check out as a guest"). Without a customer id the token only lets the card fields turn a new
 * card into a nonce, which is nobody's data; with one it is the signed-in caller's own, as above.
 */
export const storeClientTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/paymentprocessing/generateClientToken',
    {
      schema: {
        ...schema,
        summary:
          'A client token for the card fields, also for a guest: without customerId for a new card; with it, the signed-in caller’s own vaulted cards',
      },
    },
    async (request) => {
      const { customerId } = request.query;
      if (customerId && !request.session) throw unauthorized();
      return {
        ClientToken: await clientTokenFor(app.ctx, {
          userId: request.session?.userId ?? null,
          customerId,
        }),
      };
    },
  );
};
