import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LocalTokenizeInput, LocalTokenizeResult } from '@monitor/contract/payments';
import { verifyAuthorizationFingerprint } from '../../adapters/payments/local/client-token';
import { CLIENT_SCRIPT } from '../../adapters/payments/local/hosted-fields/client-script';
import {
  hostedFieldsPage,
  hostedFieldsPolicy,
} from '../../adapters/payments/local/hosted-fields/page';
import { tokenizeCard } from '../../adapters/payments/local/tokenize';
import { notFound, unauthorized } from '../../platform/errors';
import { perAddressLimit, SENDS_CARD } from '../../platform/http/rate-limits';
import { refusalError } from './payment-answers';

/**
 * The local processor's own card fields (decision 034), what Braintree's Hosted Fields are in its
 * sandbox: the page framed by the app, its tokenize call, and the app page's script. They answer
 * only while the local processor is the context's; with Braintree they are 404s.
 */
export const localProcessorRoutes: FastifyPluginAsyncZod = async (app) => {
  const isLocal = () => app.ctx.payments.kind === 'local';
  const appOrigin = new URL(app.ctx.config.publicUrl).origin;

  app.get('/local-processor/hosted-fields', { schema: { hide: true } }, async (_request, reply) => {
    if (!isLocal()) throw notFound();
    // Its own policy instead of the app's: only the app's origin may frame it.
    reply.raw.removeHeader('x-frame-options');
    return reply
      .header('content-security-policy', hostedFieldsPolicy(appOrigin))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(hostedFieldsPage(appOrigin));
  });

  app.get(
    '/local-processor/hosted-fields.js',
    { schema: { hide: true } },
    async (_request, reply) => {
      if (!isLocal()) throw notFound();
      return reply.type('text/javascript; charset=utf-8').send(CLIENT_SCRIPT);
    },
  );

  app.post(
    '/local-processor/tokenize',
    {
      // Public but limited per address, and as every call that takes a card (issue #22).
      config: { ...perAddressLimit(app.ctx.config.rateLimits.anonymousCalls), ...SENDS_CARD },
      schema: {
        tags: ['payments'],
        summary:
          "The local processor's card fields: a card for a single-use nonce, authorised by a client token's fingerprint",
        body: LocalTokenizeInput,
        response: { 200: LocalTokenizeResult },
      },
    },
    async (request, reply) => {
      if (!isLocal()) throw notFound();
      reply.header('cache-control', 'no-store');
      const { authorizationFingerprint, ...card } = request.body;
      const grant = await verifyAuthorizationFingerprint(
        app.ctx.db,
        authorizationFingerprint,
        app.ctx.now(),
      );
      if (!grant) throw unauthorized('This payment form has expired. Please reload the page.');
      const result = await tokenizeCard(app.ctx, card);
      if (!result.ok) throw refusalError(result, request.log);
      const { nonce, cardType, last4 } = result.value;
      return { nonce, details: { cardType, lastFour: last4 } };
    },
  );
};
