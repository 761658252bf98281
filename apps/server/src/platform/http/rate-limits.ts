import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../errors';
import { isApiCall } from './auth';

/** Every limit counts requests per client address over one minute (decision 018). */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** The card calls' window: long enough that a slow card tester gets few tries (issue #22). */
export const CARD_CALLS_WINDOW_MS = 10 * 60_000;

/**
 * The route config of a call that sends a card (a nonce, or the card on file) to the payment
 * processor: limited per user and per client address in `CARD_CALLS_WINDOW_MS`, a session or
 * not, so no one can test stolen cards against it (issue #22). Merge it into the route's config.
 */
export const SENDS_CARD = { sendsCard: true } as const;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** The call sends a card to the payment processor (`SENDS_CARD`). */
    sendsCard?: true;
  }
}

const tooMany = (retryAfterSeconds: number) =>
  tooManyRequests(
    'Too many requests from your address. Please wait a minute and try again.',
    retryAfterSeconds,
  );

/**
 * The client address a limit counts by. A request can arrive with no address at all (an
 * injected WebSocket upgrade, a socket already closed): they share one count instead of crashing
 * the limiter, which lower-cases the address.
 */
const keyGenerator = (request: { ip: string | undefined }) => request.ip ?? 'no-address';

/**
 * The route config of a call limited to `max` requests a minute per client address, whoever
 * calls: a session does not lift it (an attacker would bring their own).
 */
export function perAddressLimit(max: number): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max, timeWindow: RATE_LIMIT_WINDOW_MS, allowList: [], keyGenerator } };
}

/**
 * @fastify/rate-limit, in memory per process (decision 018). By default every API call made
 * without a session is limited per client address (`RATE_LIMIT_ANONYMOUS`), so a call added later
 * is covered the day it is added; calls that need less (sign-in, registration, password reset)
 * set their own limit with `perAddressLimit`, and the device protocol counts only failed device
 * sign-ins. A 429 carries Retry-After and the one error shape. Pages and built files are not
 * limited: they are the same for everyone.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: true,
    max: app.ctx.config.rateLimits.anonymousCalls,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator,
    // The session was resolved by the auth plugin's onRequest hook, which runs first.
    allowList: (request) => request.session !== null || !isApiCall(request),
    errorResponseBuilder: (_request, context) => tooMany(Math.ceil(context.ttl / 1000)),
  });
  const { perUser, perAddress } = app.ctx.config.rateLimits.cardCalls;
  const byAddress = app.createRateLimit({
    max: perAddress,
    timeWindow: CARD_CALLS_WINDOW_MS,
    allowList: [],
    keyGenerator: (request) => `card-address:${keyGenerator(request)}`,
  });
  const byUser = app.createRateLimit({
    max: perUser,
    timeWindow: CARD_CALLS_WINDOW_MS,
    allowList: [],
    // The person behind the session: staff acting as a customer count as themselves.
    keyGenerator: (request) =>
      `card-user:${request.session?.impersonatorId ?? request.session?.userId ?? 0}`,
  });
  // After validation: a malformed request reaches no processor, so it is not counted.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.sendsCard !== true) return;
    const counts = [byAddress(request), ...(request.session ? [byUser(request)] : [])];
    for (const count of await Promise.all(counts))
      if (!count.isAllowed && count.isExceeded)
        throw tooManyRequests(
          'Too many card attempts. Please wait a few minutes and try again.',
          count.ttlInSeconds,
        );
  });
});

/**
 * A limit on failures only: `check` refuses (429) once `max` failures came from the caller's
 * address within the window, `fail` counts one. Used where a good caller must never be slowed
 * by the bad ones' count until it is exceeded (units behind one carrier address).
 */
export function failureLimit(app: FastifyInstance, max: number) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    allowList: [],
    keyGenerator,
  });
  return {
    check: async (request: Parameters<typeof limiter>[0]) => {
      const seen = await limiter(request, { increment: false });
      if (!seen.isAllowed && seen.remaining === 0) throw tooMany(seen.ttlInSeconds);
    },
    fail: async (request: Parameters<typeof limiter>[0]) => {
      await limiter(request);
    },
  };
}
