import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RegistrationRequest } from '@monitor/contract/auth';
import { User } from '@monitor/contract/users';
import { perAddressLimit } from '../../platform/http/rate-limits';
import { registerUser } from './registration.service';
import { createSubAccount } from '../sub-accounts/sub-accounts.service';

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
      return createSubAccount(
        app.ctx,
        {
          callerId: request.caller.userId,
          registration: request.body,
          parentId: ParentId,
          userDeviceId: DeviceId,
        },
        request.log,
      );
    },
  );
};
