import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AlarmEventQuery, SnoozeInput, SnoozeState } from '@monitor/contract/alarms';
import { endSnoozeAsOwner, snoozeAsOwner } from './snooze.service';

const tags = ['alarms'];

/** Snoozing a unit's alarm messages from the dashboard (issue #23); in the authenticated scope. */
export const snoozeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/alarms/snooze',
    {
      schema: {
        tags,
        summary:
          'Silence the alarm messages of the owner’s user device for 1, 4 or 24 hours (events are still recorded); owner only',
        body: SnoozeInput,
        response: { 200: SnoozeState },
      },
    },
    async (request) =>
      snoozeAsOwner(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.body.UserDeviceId,
        hours: request.body.Hours,
      }),
  );

  app.delete(
    '/api/alarms/snooze',
    {
      schema: {
        tags,
        summary: 'End the snooze of the owner’s user device now; owner only',
        querystring: AlarmEventQuery.pick({ userDeviceId: true }),
        response: { 200: SnoozeState },
      },
    },
    async (request) =>
      endSnoozeAsOwner(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.query.userDeviceId,
      }),
  );
};
