import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LastUpdatedTimeQuery,
  SendCommandAnswer,
  SendCommandParams,
} from '@monitor/contract/device-commands';
import { ReportLog } from '@monitor/contract/report-log';
import { getLastUpdatedTime, sendDeviceCommand } from './device-commands.service';

/** Commands to a unit and the time of its last report (device-management §4, §7). */
export const deviceCommandsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const channel of ['sendtext', 'sendtcp'] as const) {
    app.post(
      `/api/devices/:id/${channel}/:message`,
      {
        schema: {
          tags: ['device commands'],
          summary: `Queue RPT, RLY, UPD or DOG for the unit of a user device (id: its Id or the unit's IMEI); a sub-account only RPT (${channel})`,
          params: SendCommandParams,
          response: { 200: SendCommandAnswer },
        },
      },
      async (request) => {
        return sendDeviceCommand(app.ctx, {
          callerId: request.caller.userId,
          unit: request.params.id,
          command: request.params.message,
        });
      },
    );
  }

  app.get(
    '/api/reportlog/lastUpdatedTime',
    {
      schema: {
        tags: ['report log'],
        summary: "Time of the unit's newest report, by IMEI",
        querystring: LastUpdatedTimeQuery,
        response: { 200: ReportLog },
      },
    },
    async (request) => {
      return getLastUpdatedTime(app.ctx, {
        callerId: request.caller.userId,
        imei: request.query.imei,
      });
    },
  );
};
