import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, tooManyRequests } from '../errors';
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

/**
 * How long a person refused more heavy work is asked to wait: about what one file of a unit's
 * whole history takes to make (issue #22, decision 055).
 */
export const HEAVY_WORK_RETRY_AFTER_SECONDS = 10;

/** A heavy call's work: it stops, rejecting, once `signal` is aborted (the client went away). */
export type HeavyWork<T> = (signal: AbortSignal) => Promise<T>;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** The call sends a card to the payment processor (`SENDS_CARD`). */
    sendsCard?: true;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /**
     * Runs a heavy call's work (a file of a unit's or a puck's readings) in one of its caller's
     * slots, `RATE_LIMIT_HEAVY_WORK_PER_USER` a person; past them a 429 (`heavyWorkLimit`).
     */
    runHeavyWork: <T>(
      request: FastifyRequest,
      reply: FastifyReply,
      work: HeavyWork<T>,
    ) => Promise<T>;
  }
}

/** The person behind the session: staff acting as a customer count as themselves. */
const personOf = (request: FastifyRequest) =>
  request.session?.impersonatorId ?? request.session?.userId ?? 0;

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
    keyGenerator: (request) => `card-user:${personOf(request)}`,
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
  app.decorate('runHeavyWork', heavyWorkLimit(app.ctx.config.rateLimits.heavyWorkPerUser));
});

/** The reason a heavy call's work is aborted with: nobody is left to answer (nginx's 499). */
const clientGone = () => new AppError(499, 'The client closed the request before its answer.');

/**
 * Heavy work at most `max` at once per person (issue #22, decision 055): one user's 16 parallel
 * all-time files slowed everyone. Not a rate: a count of calls in flight, in this process's
 * memory. Past it a 429 with `Retry-After`, before any work. The slot is held until the work
 * settles, done or failed; a client that goes away aborts the work's `signal`, so the work stops
 * and frees the slot then: hanging up never frees a slot while the work goes on.
 */
export function heavyWorkLimit(max: number) {
  const inFlight = new Map<number, number>();
  return async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: HeavyWork<T>,
  ): Promise<T> => {
    const person = personOf(request);
    const running = inFlight.get(person) ?? 0;
    if (running >= max) {
      throw tooManyRequests(
        `Please wait for your other files to finish, then try again: at most ${max} are made at once.`,
        HEAVY_WORK_RETRY_AFTER_SECONDS,
      );
    }
    inFlight.set(person, running + 1);
    const controller = new AbortController();
    const response = reply.raw;
    // The response closes without having finished: the client went away mid-call.
    const onClose = () => {
      if (!response.writableFinished) controller.abort(clientGone());
    };
    if (response.closed) onClose();
    else response.once('close', onClose);
    try {
      return await work(controller.signal);
    } catch (error) {
      // However the work failed on its way out, the cause is the client gone: not a server error.
      if (controller.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      response.off('close', onClose);
      const left = (inFlight.get(person) ?? 1) - 1;
      if (left > 0) inFlight.set(person, left);
      else inFlight.delete(person);
    }
  };
}

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
