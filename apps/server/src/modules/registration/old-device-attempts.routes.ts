import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OldDeviceRegistrationAttempt,
  OldDeviceRegistrationAttemptRequest,
} from '@monitor/contract/old-device-attempts';
import { RATE_LIMIT_WINDOW_MS } from '../../platform/http/rate-limits';
import { requireSelf } from '../../platform/http/auth';
import { logOldDeviceAttempt } from './old-device-attempts.service';

/**
 * Attempts a minute one user may log: a person retyping a serial makes a few; more is a script
 * filling the log.
 */
export const OLD_DEVICE_ATTEMPTS_PER_MINUTE = 10;

/** The firmware gate's log (accounts-devices-billing §5, §7). */
export const oldDeviceAttemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/devices/oldDeviceRegistrationAttempt',
    {
      config: {
        rateLimit: {
          max: OLD_DEVICE_ATTEMPTS_PER_MINUTE,
          timeWindow: RATE_LIMIT_WINDOW_MS,
          allowList: [],
          // Per signed-in user (the scope refuses anyone else), else per address.
          keyGenerator: (request) =>
            request.session ? `user:${request.session.userId}` : (request.ip ?? 'no-address'),
        },
      },
      schema: {
        tags: ['registration'],
        summary:
          'Log an attempt to register a unit with firmware below 4 (device id, the caller’s user id); each attempt is kept',
        body: OldDeviceRegistrationAttemptRequest,
        response: { 201: OldDeviceRegistrationAttempt },
      },
    },
    async (request, reply) => {
      const { SerialNumber, UserId } = request.body;
      requireSelf(request, UserId);
      const attempt = await logOldDeviceAttempt(app.ctx, {
        serialNumber: SerialNumber,
        userId: UserId,
      });
      return reply.code(201).send(attempt);
    },
  );
};
