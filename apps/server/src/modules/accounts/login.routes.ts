import { perAddressLimit } from '../../platform/http/rate-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginFailure, LoginRequest } from '@monitor/contract/auth';
import { User } from '@monitor/contract/users';
import { login } from './auth.service';

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/LoginGateway.php',
    {
      // Coarse, per address; the per-account throttle stays (decision 008).
      config: perAddressLimit(app.ctx.config.rateLimits.login),
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers the User with its AccessToken',
        body: LoginRequest,
        querystring: z.object({ source: z.enum(['web', 'mobileapp']).optional() }),
        response: { 200: User, 401: LoginFailure },
      },
    },
    async (request) => {
      const source = request.body.source ?? request.query.source ?? 'web';
      return login(app.ctx, {
        username: request.body.username,
        password: request.body.password,
        source,
        ip: request.ip,
      });
    },
  );
};
