import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LiveQuery } from '@monitor/contract/live';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/auth';
import { resolveProtocolSession } from '../../plugins/websocket';
import { requireLiveAccess } from '../../services/live-access.service';

const notRunning = () => new AppError(503, 'The live channel is not running.');

/**
 * The live channel (device-management §4 "Live readings", §7; decisions 012, 020, 021), two
 * WebSockets. The caller is checked before the upgrade, so a refusal is an ordinary error answer
 * (401 without a live session, 404 for a unit that is not theirs, 429 over the socket caps). The
 * token comes as `access_token` (the spec's clients), `Authorization: Bearer` or a subprotocol
 * (the web app).
 * - `GET /live?imei=…`: each newly stored reading of the unit, as a `device_single_report`.
 * - `GET /live/alarms`: every alarm opening and closing of every unit the caller sees, as an
 *   `alarm_state`, whatever their number; the web app refreshes that unit's shown state.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/live',
    schema: { hide: true, querystring: LiveQuery },
    onRequest: resolveProtocolSession,
    // Before the query is validated: a caller without a session learns nothing else.
    preValidation: async (request) => {
      requireSession(request);
    },
    preHandler: async (request) => {
      const session = requireSession(request);
      if (!app.ctx.live) throw notRunning();
      await requireLiveAccess(app.ctx, { callerId: session.userId, imei: request.query.imei });
      app.sockets.requireRoom(session);
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

  app.route({
    method: 'GET',
    url: '/live/alarms',
    schema: { hide: true },
    onRequest: resolveProtocolSession,
    preHandler: async (request) => {
      const session = requireSession(request);
      if (!app.ctx.live) throw notRunning();
      app.sockets.requireRoom(session);
    },
    handler: async () => {
      throw new AppError(426, 'Open /live/alarms as a WebSocket.');
    },
    wsHandler: (socket, request) => {
      const session = requireSession(request);
      const hub = app.ctx.live;
      if (!hub) return socket.close(1011, 'The live channel is not running.');
      const unsubscribe = hub.subscribeAlarms(session.userId, (data) => socket.send(data));
      socket.on('close', unsubscribe);
      app.sockets.track(socket, session);
    },
  });
};
