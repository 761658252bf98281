import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { openApiOptions } from './platform/http/openapi';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { toFastifyTrustProxy } from './platform/config/trust-proxy';
import type { AppContext } from './context';
import { authPlugin } from './platform/http/auth';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './platform/http/errors';
import { rateLimitsPlugin } from './platform/http/rate-limits';
import { securityHeadersPlugin } from './platform/http/security-headers';
import { webDeliveryPlugin } from './platform/http/web-delivery';
import { websocketPlugin } from './platform/http/websocket';
import { observabilityPlugin } from './platform/observability/observability';
import { routes } from './modules/routes';
import { createPublicPages } from './modules/site/public-pages';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The largest request body of a call that sets no limit of its own: 64 KiB (decision 018). */
export const JSON_BODY_LIMIT = 64 * 1024;

export type BuildAppOptions = { ctx: AppContext; logger?: FastifyBaseLogger };

/** Builds the Fastify app around an already opened context; server.ts listens, tests inject. */
export async function buildApp({ ctx, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // A path parameter over 100 characters is refused (414) before routing; no id is that long.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
    // What the router and Node's HTTP parser refuse is answered in the one error shape too.
    frameworkErrors,
    clientErrorHandler,
    // Only the configured proxies may name the client (TRUST_PROXY); by default nobody can.
    trustProxy: toFastifyTrustProxy(ctx.config.trustProxy),
    // A JSON call is small; a call that needs more sets its own limit (the device protocol's batch).
    bodyLimit: JSON_BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);

  await app.register(securityHeadersPlugin);
  await app.register(swagger, openApiOptions(ctx.config.publicUrl));
  await app.register(errorsPlugin);
  // Before every route: its hook counts the answers of the routes registered after it.
  await app.register(observabilityPlugin);
  await app.register(authPlugin);
  // After auth (the limit skips callers with a session) and before the routes it hooks into.
  await app.register(rateLimitsPlugin);
  await app.register(websocketPlugin);
  const webDist = ctx.config.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  // Before the routes: the compressor hooks into every route registered after it.
  await app.register(webDeliveryPlugin, { webDist: hasWeb ? webDist : undefined });
  await app.register(routes);

  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());

  // An unknown call is limited like any call without a session (scanners probe many).
  const publicPages = hasWeb ? createPublicPages(ctx, { webDist, log: app.log }) : undefined;
  // A server that listens renders its public pages ahead; one only injected into (tests) never.
  if (publicPages) app.addHook('onListen', async () => void publicPages.warm());
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    // A missing built file (a chunk of an older build, after a deploy) is a 404, never the page:
    // served as HTML it would fail to load as a script with a misleading MIME error.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/device-api') &&
      !request.url.startsWith('/assets/');
    // The single-page app owns every other GET path; its router handles unknown routes.
    if (hasWeb && isPage) {
      if (await publicPages?.send(request, reply)) return reply;
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      error: {
        code: 404,
        message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
      },
    });
  });

  return app;
}
