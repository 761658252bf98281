import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeviceDebugDetails,
  DeviceDebugDetailsQuery,
  DeviceDebugList,
  DeviceDebugListQuery,
} from '@monitor/contract/device-debug';
import { getDebugDetails, listDebugDevices, requireDebugUser } from './device-debug.service';

const tags = ['device debug'];

/**
 * The support debug list and details (device-management §2, §6, §7): only the configured user
 * ids (DEBUG_USER_IDS), asking as themselves; everyone else gets 403. Static paths win over
 * `/api/users/:Id` in the router.
 */
export const deviceDebugRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/getDeviceDebugList',
    {
      // The three support staff of DEBUG_USER_IDS (decision 015): staff, for the document.
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Every unit with owner, firmware, carrier and health; 403 unless a debug user',
        querystring: DeviceDebugListQuery,
        response: { 200: DeviceDebugList },
      },
    },
    async (request) => {
      await requireDebugUser(app.ctx, {
        callerId: request.caller.userId,
        userId: request.query.userId,
      });
      return listDebugDevices(app.ctx, { search: request.query.search });
    },
  );

  app.get(
    '/api/users/getDeviceDebugDetails',
    {
      // The three support staff of DEBUG_USER_IDS (decision 015): staff, for the document.
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "One unit's facts, latest reports and alarm deliveries; 403 unless a debug user",
        querystring: DeviceDebugDetailsQuery,
        response: { 200: DeviceDebugDetails },
      },
    },
    async (request) => {
      await requireDebugUser(app.ctx, {
        callerId: request.caller.userId,
        userId: request.query.userId,
      });
      return getDebugDetails(app.ctx, request.query.imei);
    },
  );
};
