import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AlarmEventPage, AlarmEventQuery } from '@monitor/contract/alarms';
import { queryAlarmLog } from './alarm-log.service';

const tags = ['alarms'];

/** The alarm log (issue #23); in the authenticated scope. */
export const alarmLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alarms',
    {
      schema: {
        tags,
        summary:
          'Alarm events of a user device, newest first, with the messages each caused and the unit’s snoozes; a sub-account from its day on',
        querystring: AlarmEventQuery,
        response: { 200: AlarmEventPage },
      },
    },
    async (request) =>
      queryAlarmLog(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.query.userDeviceId,
        page: request.query.page,
        pageSize: request.query.pageSize,
      }),
  );
};
