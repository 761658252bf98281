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
        // The real staff member, also when starting from inside another impersonation.
        staffUserId: request.caller.impersonatorId ?? request.caller.userId,
        targetUserId: request.params.userId,
      }),
  );
};
