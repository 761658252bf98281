import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LiveQuery } from '@monitor/contract/live';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/auth';
import { requireLiveAccess } from '../../services/live-access.service';

/**
 * The live channel (device-management §4 "Live readings", §7; decision 012):
 * `GET /live?imei=…&access_token=…` as a WebSocket. The caller is checked before the upgrade, so
 * a refusal is an ordinary error answer (401 without a live session, 404 for a unit that is not
 * theirs); then each newly stored reading of the unit arrives as a `device_single_report`.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/live',
    schema: { hide: true, querystring: LiveQuery },
    // Before the query is validated: a caller without a session learns nothing else.
    preValidation: async (request) => {
      requireSession(request);
    },
    preHandler: async (request) => {
      const session = requireSession(request);
      if (!app.ctx.live) throw new AppError(503, 'The live channel is not running.');
      await requireLiveAccess(app.ctx, { callerId: session.userId, imei: request.query.imei });
    },
    handler: async () => {
      throw new AppError(426, 'Open /live as a WebSocket.');
    },
    wsHandler: (socket, request) => {
      const session = requireSession(request);
      const hub = app.ctx.live;
      if (!hub) return socket.close(1011, 'The live channel is not running.');
      const unsubscribe = hub.subscribe(request.query.imei, (data) => socket.send(data));
      socket.on('close', unsubscribe);
      app.sockets.track(socket, session);
    },
  });
};
