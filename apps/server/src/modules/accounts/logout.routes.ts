import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LogoutResponse } from '@monitor/contract/auth';
import { logout } from './auth.service';

/** Signing out; in the authenticated scope (401 without a session). */
export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/authorization/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the calling access token stops working',
        response: { 200: LogoutResponse },
      },
    },
    async (request) => {
      await logout(app.ctx, request.caller);
      return { ok: true as const };
    },
  );
};
