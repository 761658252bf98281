import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RegistrationRequest } from '@monitor/contract/auth';
import { User } from '@monitor/contract/users';
import { registerUser } from '../../services/registration.service';

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/RegistrationGateway.php',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; answers the User with Id and AccessToken',
        body: RegistrationRequest,
        response: { 200: User },
      },
    },
    async (request) => registerUser(app.ctx, request.body, request.body.source ?? 'web'),
  );
};
