import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiCall, readAccessToken } from './auth';

/** Calls whose answer is the same for everyone and holds nothing private: a cache may keep them. */
const PUBLIC_DATA_CALLS = new Set(['/api/brands', '/api/docs']);

/**
 * The Content-Security-Policy of every answer (decision 018): what the built web app needs and
 * nothing more. Scripts, styles, images, fonts and calls come from this server only; styles may
 * be inline (Mantine sets style attributes and injects its CSS variables); images may be data:
 * URLs (inline SVG icons). Frames come from this server, and from `frameOrigins`: the local
 * payment processor's card fields, served on another origin (decision 038). `extraOrigins`
 * (CSP_EXTRA_ORIGINS, and Braintree's when it is configured) opens scripts, frames and calls to a
 * payment provider's card fields. Nothing may frame this app.
 */
export function contentSecurityPolicy(
  extraOrigins: readonly string[],
  frameOrigins: readonly string[] = [],
) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...extraOrigins],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers the live channel's ws:/wss: on this host (CSP level 3).
    connectSrc: ["'self'", ...extraOrigins],
    frameSrc: ["'self'", ...frameOrigins, ...extraOrigins],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * helmet's headers with the app's CSP, and `Cache-Control: no-store` on every answer to a request
 * carrying a session and on every API answer but public data, so no shared or browser cache keeps
 * an account's data or an access token (a sign-in answers one).
 */
export const securityHeadersPlugin = fp((app: FastifyInstance) => {
  // helmet itself, built once: @fastify/helmet 13 builds a new helmet (parsing the CSP) on every
  // request, about 4 % of the server's CPU on an authenticated read (decision 025).
  const setHelmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(
        app.ctx.config.cspExtraOrigins,
        app.ctx.payments.kind === 'local' ? [app.ctx.config.cardFieldsOrigin] : [],
      ),
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHelmetHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    const isPublicData = PUBLIC_DATA_CALLS.has(request.routeOptions.url ?? '');
    if (readAccessToken(request) !== null || (isApiCall(request) && !isPublicData)) {
      reply.header('cache-control', 'no-store');
    }
  });
});
