import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@monitor/domain/messages';
import { hasRole, ROLE_STAFF } from '@monitor/domain/roles';
import { forbidden, unauthorized } from '../errors';
import { findRoleNames } from '../db/repositories/users.repository';
import { resolveSession, type Session } from '../services/sessions.service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The caller's session, or null for anonymous calls. */
    session: Session | null;
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

/** Resolves the session on every request; routes then call `requireSession` or `requireSelf`. */
export const authPlugin = fp((app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const token = readAccessToken(request);
    request.session = token ? await resolveSession(app.ctx, token) : null;
  });
});

/** The caller's session; 401 when there is none, which signs the web app out. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The caller's session, refusing access to any other user's record (403). */
export function requireSelf(request: FastifyRequest, userId: number): Session {
  const session = requireSession(request);
  if (session.userId !== userId) throw forbidden();
  return session;
}

/** The caller's session when the (real, not impersonated) user holds the staff role. */
export async function requireStaff(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Session> {
  const session = requireSession(request);
  const actingUserId = session.impersonatorId ?? session.userId;
  const roles = await findRoleNames(app.ctx.db, actingUserId);
  if (
    !hasRole(
      roles.map((Name) => ({ Name })),
      ROLE_STAFF,
    )
  )
    throw forbidden(MESSAGES.staffOnly);
  return session;
}
