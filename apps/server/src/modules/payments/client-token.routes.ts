import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientToken, ClientTokenQuery } from '@monitor/contract/payments';
import { clientTokenFor } from './client-token.service';

/**
 * The card fields' client token (store-and-public-site §7 "Payment", accounts-devices-billing §7):
 * `getClientToken` (account pages) and `generateClientToken` (the store) answer the same.
 */
export const clientTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of ['getClientToken', 'generateClientToken']) {
    app.get(
      `/api/paymentprocessing/${name}`,
      {
        schema: {
          tags: ['payments'],
          summary:
            "A client token for the card fields: with customerId (the caller's own) for their vaulted cards, without for a new card",
          querystring: ClientTokenQuery,
          response: { 200: ClientToken },
        },
      },
      async (request) => ({
        ClientToken: await clientTokenFor(app.ctx, {
          userId: request.caller.userId,
          customerId: request.query.customerId,
        }),
      }),
    );
  }
};
