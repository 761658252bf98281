import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeviceRegistrationRequest,
  DeviceRegistrationResult,
  IdempotencyHeaders,
  MultiUnitRegistrationRequest,
  MultiUnitRegistrationResult,
  RegistrationUserParams,
} from '@monitor/contract/registration';
import { requireSelf } from '../../platform/http/auth';
import { registerMultipleUnits } from './multi-unit.service';
import { chooseDeviceBilling } from './registration-checks';
import { SENDS_CARD } from '../../platform/http/rate-limits';
import { registerDevice } from './registration.service';

const tags = ['registration'];

/**
 * Device registration as one call, and the multi-unit save (accounts-devices-billing §4, §7;
 * decision 037). Both take an Idempotency-Key header: a repeated submit answers what the first
 * answered and charges once.
 */
export const deviceRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users/:userId/devices/registration',
    {
      config: SENDS_CARD,
      schema: {
        tags,
        summary:
          'Register a device with its ranges, notifications and subscription in one call (the §4 order); a failure leaves nothing behind',
        params: RegistrationUserParams,
        headers: IdempotencyHeaders,
        body: DeviceRegistrationRequest,
        response: { 200: DeviceRegistrationResult },
      },
    },
    async (request) => {
      const { userId } = request.params;
      requireSelf(request, userId);
      const { Subscription, TermsAccepted: _terms, ...settings } = request.body;
      return registerDevice(app.ctx, {
        userId,
        idempotencyKey: request.headers['idempotency-key'],
        settings,
        billing: (device) => chooseDeviceBilling(device, Subscription),
        log: request.log,
      });
    },
  );

  app.post(
    '/api/users/:userId/devices/multiunit',
    {
      config: SENDS_CARD,
      schema: {
        tags,
        summary:
          'Multi-unit subscription save: several serials of the first one’s type and tenant, one payment',
        params: RegistrationUserParams,
        headers: IdempotencyHeaders,
        body: MultiUnitRegistrationRequest,
        response: { 200: MultiUnitRegistrationResult },
      },
    },
    async (request) => {
      const { userId } = request.params;
      requireSelf(request, userId);
      return registerMultipleUnits(app.ctx, {
        userId,
        idempotencyKey: request.headers['idempotency-key'],
        request: request.body,
        log: request.log,
      });
    },
  );
};
