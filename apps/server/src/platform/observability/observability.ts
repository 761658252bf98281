import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { findPendingMigrations } from '../database/migrate';
import { AppError, forbidden } from '../errors';

/*
 * What an operator's load balancer and Prometheus ask (issue #26, docs/operations.md): liveness,
 * readiness and the metrics, outside the API (no session, no rate limit, not in /api/docs), and
 * the HTTP requests counted as they are answered.
 */

/** The parts `GET /ready` checks, in the words its 503 names them. */
export async function findUnreadyParts(ctx: AppContext): Promise<string[]> {
  const failing: string[] = [];
  try {
    // The database answers, and has every migration this release brings.
    if ((await findPendingMigrations(ctx.db)).length > 0) failing.push('migrations');
  } catch {
    failing.push('database');
  }
  if (!ctx.jobs.isRunning()) failing.push('job queue');
  if (!ctx.live.isListening()) failing.push('live notifications');
  return failing;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * A scraper on this machine, or one that shows `METRICS_TOKEN` as a bearer token. A request a
 * proxy forwarded is not taken for a local one, whichever address the proxy connects from.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const address = request.socket.remoteAddress ?? '';
  const isForwarded = 'x-forwarded-for' in request.headers || 'forwarded' in request.headers;
  const isLoopback = isIP(address) !== 0 && (address === '::1' || /^(::ffff:)?127\./.test(address));
  if (isLoopback && !isForwarded) return true;
  const shown = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return (
    token !== undefined && shown !== undefined && timingSafeEqual(digest(shown), digest(token))
  );
}

export const observabilityPlugin = fp(async (app: FastifyInstance) => {
  const { metrics } = app.ctx;

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path: ids and probes would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: reply.statusCode });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { hide: true } }, async () => {
    const failing = await findUnreadyParts(app.ctx);
    if (failing.length > 0) throw new AppError(503, `Not ready: ${failing.join(', ')}.`);
    return { status: 'ready' };
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, app.ctx.config.metricsToken))
      throw forbidden('The metrics answer on this machine, or with the metrics token.');
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
});
