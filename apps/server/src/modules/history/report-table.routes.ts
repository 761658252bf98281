import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HistoryDeviceParams,
  ReportTable,
  ReportTableQuery,
  SpuckTableQuery,
} from '@monitor/contract/history';
import { getReportTable, getSpuckTable } from './report-table.service';

const tags = ['history'];

/** The report tables of a unit and of a puck, 500 rows a page (device-management §4, §7, §9). */
export const reportTableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reporttable/devices/:deviceId',
    {
      schema: {
        tags,
        summary:
          "A unit's readings over a period, newest first, 500 a page (pass nextCursor as cursor for more); alarmBool keeps rows in alarm (deviceId is the user device Id)",
        params: HistoryDeviceParams,
        querystring: ReportTableQuery,
        response: { 200: ReportTable },
      },
    },
    async (request) =>
      getReportTable(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.params.deviceId,
        query: request.query,
      }),
  );

  app.get(
    '/api/reporttable/queryspucktable',
    {
      schema: {
        tags,
        summary:
          "A puck's readings over a period, newest first, 500 a page (peripheralId is the puck's serial)",
        querystring: SpuckTableQuery,
        response: { 200: ReportTable },
      },
    },
    async (request) =>
      getSpuckTable(app.ctx, { callerId: request.caller.userId, query: request.query }),
  );
};
