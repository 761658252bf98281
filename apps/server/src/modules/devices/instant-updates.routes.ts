import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import {
  DecrementInstantUpdateQuery,
  GetInstantUpdatesQuery,
  InstantUpdates,
  ResetLastRequestedTimeBody,
} from '@monitor/contract/instant-updates';
import { requireSelf } from '../../platform/http/auth';
import {
  decrementInstantUpdate,
  getInstantUpdates,
  resetLastRequestedTime,
} from './instant-updates.service';

const tags = ['instant updates'];

/** Instant-update counts and the pet monitor reset (device-management §4, §7). */
export const instantUpdatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/getInstantUpdates',
    {
      schema: {
        tags,
        summary: "Instant updates left on the caller's unit of a serial",
        querystring: GetInstantUpdatesQuery,
        response: { 200: InstantUpdates },
      },
    },
    async (request) => {
      requireSelf(request, request.query.id);
      return getInstantUpdates(app.ctx, {
        userId: request.query.id,
        serialNumber: request.query.serialNumber,
      });
    },
  );

  app.get(
    '/api/users/decrementInstantUpdate',
    {
      schema: {
        tags,
        summary:
          'Instant updates left on a user device; the unit’s answer to RPT or DOG spends them, not this call',
        querystring: DecrementInstantUpdateQuery,
        response: { 200: InstantUpdates },
      },
    },
    async (request) => {
      requireSelf(request, request.query.id);
      return decrementInstantUpdate(app.ctx, {
        userId: request.query.id,
        userDeviceId: request.query.userdeviceId,
      });
    },
  );

  app.put(
    '/api/users/resetLastRequestedTime',
    {
      schema: {
        tags,
        summary: "Reset LastRequestedTime on the caller's Device OFF units among the serials",
        body: ResetLastRequestedTimeBody,
        response: { 200: Ok },
      },
    },
    async (request) => {
      return resetLastRequestedTime(app.ctx, {
        userId: request.caller.userId,
        serialNumbers: request.body,
      });
    },
  );
};
