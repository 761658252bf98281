import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import { ChangePasswordRequest, UserIdPathParams } from '@monitor/contract/users';
import { requireSelf } from '../../platform/http/auth';
import { changePassword } from './passwords.service';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/users/:userId/password',
    {
      schema: {
        tags: ['users'],
        summary: "Change the caller's password; ends their other sessions",
        params: UserIdPathParams,
        body: ChangePasswordRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      const session = requireSelf(request, request.params.userId);
      await changePassword(app.ctx, session, {
        currentPassword: request.body.CurrentPassword,
        newPassword: request.body.NewPassword,
      });
      return { ok: true as const };
    },
  );
};
