import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Access } from './openapi';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_TOKEN_PROTOCOL_PREFIX } from '@monitor/contract/live';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { forbidden, unauthorized } from '../errors';
import { resolveSession, type Session } from '../../modules/accounts/sessions.service';
import { isStaffSession } from '../../modules/accounts/staff.service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The caller's session, or null for anonymous calls. */
    session: Session | null;
    /**
     * The signed-in caller. Inside the authenticated scope there always is one; anywhere else,
     * reading it without a session throws the same 401 the scope answers.
     */
    readonly caller: Session;
  }
}

/** The access token of a request: `Authorization: Bearer …`, or the `access_token` query parameter the spec's clients send. */
export function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

/**
 * Whether a request is a call of the API (`/api/…`, the device protocol, the spec's `*.php`
 * gateways) rather than a page or a built file of the web app.
 */
export function isApiCall(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return /^\/(api|device-api)(\/|$)/.test(path) || path.endsWith('.php');
}

/**
 * Resolves the session on every request, through the sessions service: the rate limits (which
 * spare callers with a session) and the public calls that act differently for a signed-in caller
 * need it as much as the authenticated scope does.
 */
export const authPlugin = fp((app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.decorateRequest('caller', {
    getter(this: FastifyRequest): Session {
      if (!this.session) throw unauthorized();
      return this.session;
    },
  });
  app.addHook('onRequest', async (request) => {
    const token = readAccessToken(request);
    request.session = token ? await resolveSession(app.ctx, token) : null;
  });
});

/**
 * The access token a browser offers as a subprotocol (`access-token.<token>`, decision 020): a
 * browser cannot set headers on a WebSocket, and a token in the address is kept by proxies and logs.
 */
function readProtocolToken(request: FastifyRequest): string | null {
  const offered = request.headers['sec-websocket-protocol'];
  if (typeof offered !== 'string') return null;
  for (const protocol of offered.split(',')) {
    const value = protocol.trim();
    if (value.startsWith(LIVE_TOKEN_PROTOCOL_PREFIX))
      return value.slice(LIVE_TOKEN_PROTOCOL_PREFIX.length) || null;
  }
  return null;
}

/**
 * A live route's `onRequest`: the session of a token offered as a subprotocol, where the auth
 * plugin found none in the header or the query (it ran first, as a global hook).
 */
export async function resolveProtocolSession(
  this: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  if (request.session) return;
  const token = readProtocolToken(request);
  if (token) request.session = await resolveSession(this.ctx, token);
}

/** A hook refusing a call without a session: 401, which signs the web app out. */
export async function refuseAnonymous(request: FastifyRequest): Promise<void> {
  if (!request.session) throw unauthorized();
}

/** A hook refusing a caller whose real (not impersonated) user is not staff: 401, then 403. */
export async function refuseNonStaff(
  this: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  await requireStaff(this, request);
}

/**
 * Marks a route with who may call it, for the OpenAPI document (platform/http/openapi.ts), unless
 * the route says more itself (a debug call is for staff, within the authenticated scope).
 */
export function declareAccess(route: RouteOptions, access: Exclude<Access, 'public'>): void {
  route.config = { ...route.config, access: route.config?.access ?? access };
}

/**
 * The authenticated scope: the route plugins whose every call needs a signed-in caller, with a
 * `preHandler` hook that refuses the others (401). It runs after validation, where the handlers'
 * own check ran before, so a bad request without a session still answers 400.
 */
export function signedInScope(...plugins: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.addHook('onRoute', (route) => declareAccess(route, 'session'));
    scope.addHook('preHandler', refuseAnonymous);
    for (const plugin of plugins) await scope.register(plugin);
  };
}

/** The staff scope: as the authenticated scope, and 403 (`staffOnly`) unless the caller is staff. */
export function staffScope(...plugins: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.addHook('onRoute', (route) => declareAccess(route, 'staff'));
    scope.addHook('preHandler', refuseNonStaff);
    for (const plugin of plugins) await scope.register(plugin);
  };
}

/** The caller, refusing access to any other user's record (403); 401 without a session. */
export function requireSelf(request: FastifyRequest, userId: number): Session {
  const session = request.caller;
  if (session.userId !== userId) throw forbidden();
  return session;
}

/**
 * The caller when staff, for a call that is not in the staff scope because it also answers
 * someone else (the local outbox answers this machine too): 401, then 403 (`staffOnly`).
 */
export async function requireStaff(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Session> {
  const session = request.caller;
  if (!(await isStaffSession(app.ctx.db, session))) throw forbidden(MESSAGES.staffOnly);
  return session;
}
