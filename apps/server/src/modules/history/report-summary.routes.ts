import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HistoryDeviceParams,
  ReportSummary,
  ReportSummaryQuery,
  SpuckReportQuery,
} from '@monitor/contract/history';
import { getReportSummary, getSpuckReport } from './report-summary.service';

const tags = ['history'];

/** The history graphs of a unit and of a puck (device-management §7, §9; decision 030). */
export const reportSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reportsummary/devices/:deviceId',
    {
      schema: {
        tags,
        summary:
          "A unit's temperature, humidity and power over a period (unix seconds), downsampled for a graph, with the §9 axis, statistics and alarm spells (deviceId is the user device Id)",
        params: HistoryDeviceParams,
        querystring: ReportSummaryQuery,
        response: { 200: ReportSummary },
      },
    },
    async (request) =>
      getReportSummary(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.params.deviceId,
        query: request.query,
      }),
  );

  app.get(
    '/api/reportsummary/getspuckreport',
    {
      schema: {
        tags,
        summary:
          "A puck's graph over a period: the series its LogicLevel shows, downsampled to 250 points (deviceId is the user device Id the puck is on, peripheralId its serial)",
        querystring: SpuckReportQuery,
        response: { 200: ReportSummary },
      },
    },
    async (request) =>
      getSpuckReport(app.ctx, { callerId: request.caller.userId, query: request.query }),
  );
};
