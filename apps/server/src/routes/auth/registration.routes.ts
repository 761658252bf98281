import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RegistrationRequest } from '@monitor/contract/auth';
import { User } from '@monitor/contract/users';
import { perAddressLimit } from '../../plugins/rate-limits';
import { requireSession } from '../../plugins/auth';
import { registerUser } from '../../services/registration.service';
import { createSubAccount } from '../../services/sub-accounts.service';

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/RegistrationGateway.php',
    {
      config: perAddressLimit(app.ctx.config.rateLimits.registration),
      schema: {
        tags: ['auth'],
        summary:
          'Create an account; answers the User with Id and AccessToken. With ParentId and DeviceId a signed-in parent creates a sub-account (no session opened)',
        body: RegistrationRequest,
        response: { 200: User },
      },
    },
    async (request) => {
      const { ParentId, DeviceId } = request.body;
      if (ParentId === undefined || DeviceId === undefined) {
        return registerUser(app.ctx, request.body, request.body.source ?? 'web', request.log);
      }
      const session = requireSession(request);
      return createSubAccount(
        app.ctx,
        {
          callerId: session.userId,
          registration: request.body,
          parentId: ParentId,
          userDeviceId: DeviceId,
        },
        request.log,
      );
    },
  );
};
