import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PasswordResetInitiateRequest,
  PasswordResetLinkRequest,
  PasswordResetParams,
  PasswordResetRequest,
} from '@monitor/contract/auth';
import { Ok } from '@monitor/contract/common';
import { perAddressLimit } from '../../platform/http/rate-limits';
import {
  checkPasswordResetLink,
  completePasswordReset,
  initiatePasswordReset,
} from './password-reset.service';

/** Both calls are made signed out: the reset link is the proof of identity. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each call counts on its own, per address; the hourly reset limits stay (decision 008).
  const config = perAddressLimit(app.ctx.config.rateLimits.passwordReset);
  app.post(
    '/api/authorization/passwordreset/initiate',
    {
      config,
      schema: {
        tags: ['auth'],
        summary:
          'E-mail a password reset link; answers Ok whether or not the account exists, and past the hourly limits',
        body: PasswordResetInitiateRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await initiatePasswordReset(
        app.ctx,
        {
          email: request.body.EmailAddress,
          tenantId: request.body.TenantId,
          clientAddress: request.ip,
        },
        request.log,
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/users/:userId/password/reset',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from a reset link',
        params: PasswordResetParams,
        body: PasswordResetRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await completePasswordReset(app.ctx, {
        userId: request.params.userId,
        expires: request.body.Expires,
        requestToken: request.body.RequestToken,
        newPassword: request.body.NewPassword,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/users/:userId/password/reset/check',
    {
      config,
      schema: {
        tags: ['auth'],
        summary:
          "Whether a reset link can still set a password: Ok, or the reset's own refusal (used, expired or not valid alike)",
        params: PasswordResetParams,
        body: PasswordResetLinkRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await checkPasswordResetLink(app.ctx, {
        userId: request.params.userId,
        expires: request.body.Expires,
        requestToken: request.body.RequestToken,
      });
      return { ok: true as const };
    },
  );
};
