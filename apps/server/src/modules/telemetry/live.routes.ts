import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LiveQuery } from '@monitor/contract/live';
import { AppError } from '../../platform/errors';
import { refuseAnonymous, resolveProtocolSession } from '../../platform/http/auth';
import { requireLiveAccess } from './live-access.service';

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
  // What the access check found, for the socket it lets through: the caller sees readings from here on.
  const visibleFromOf = new WeakMap<object, Date>();
  app.route({
    method: 'GET',
    url: '/live',
    schema: { hide: true, querystring: LiveQuery },
    onRequest: resolveProtocolSession,
    // Before the query is validated: a caller without a session learns nothing else.
    preValidation: refuseAnonymous,
    preHandler: async (request) => {
      const { visibleFrom } = await requireLiveAccess(app.ctx, {
        callerId: request.caller.userId,
        imei: request.query.imei,
      });
      app.sockets.requireRoom(request.caller);
      visibleFromOf.set(request, visibleFrom);
    },
    handler: async () => {
      throw new AppError(426, 'Open /live as a WebSocket.');
    },
    wsHandler: (socket, request) => {
      const unsubscribe = app.ctx.live.subscribe(
        request.query.imei,
        (data) => socket.send(data),
        visibleFromOf.get(request),
      );
      socket.on('close', unsubscribe);
      app.sockets.track(socket, request.caller);
    },
  });

  app.route({
    method: 'GET',
    url: '/live/alarms',
    schema: { hide: true },
    onRequest: resolveProtocolSession,
    preHandler: async (request) => {
      app.sockets.requireRoom(request.caller);
    },
    handler: async () => {
      throw new AppError(426, 'Open /live/alarms as a WebSocket.');
    },
    wsHandler: (socket, request) => {
      const unsubscribe = app.ctx.live.subscribeAlarms(request.caller.userId, (data) =>
        socket.send(data),
      );
      socket.on('close', unsubscribe);
      app.sockets.track(socket, request.caller);
    },
  });
};
