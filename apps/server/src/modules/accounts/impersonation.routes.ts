import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImpersonateParams } from '@monitor/contract/auth';
import { User } from '@monitor/contract/users';
import { impersonateUser } from './impersonation.service';

/** Acting as a customer (accounts-devices-billing §6); in the staff scope (401, then 403). */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) =>
      impersonateUser(app.ctx, {
        // The staff scope let only a staff member's own session through, never an impersonation.
        staffSession: request.caller,
        targetUserId: request.params.userId,
      }),
  );
};
