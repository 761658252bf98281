import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImpersonateParams, LogoutResponse } from '@monitor/contract/auth';
import { User } from '@monitor/contract/users';
import { requireSession, requireStaff } from '../../plugins/auth';
import { logout } from '../../services/auth.service';
import { impersonateUser } from '../../services/impersonation.service';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
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
      await logout(app.ctx, requireSession(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/authorization/impersonate/:userId',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff only: a 1-hour session acting as another user',
        params: ImpersonateParams,
        response: { 200: User },
      },
    },
    async (request) => {
      const session = await requireStaff(app, request);
      return impersonateUser(app.ctx, {
        // The real staff member, also when starting from inside another impersonation.
        staffUserId: session.impersonatorId ?? session.userId,
        targetUserId: request.params.userId,
      });
    },
  );
};
