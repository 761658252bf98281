import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HistoryDeviceParams, ReportSchedule } from '@monitor/contract/history';
import { changeReportSchedule, getReportSchedule } from './weekly-report.service';

const tags = ['history'];

/** The weekly report e-mail, opted in per device by its owner (issue #12, decision 032). */
export const weeklyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reportschedule/devices/:deviceId',
    {
      schema: {
        tags,
        summary: 'Whether the weekly report e-mail is on for a user device (deviceId is its Id)',
        params: HistoryDeviceParams,
        response: { 200: ReportSchedule },
      },
    },
    async (request) =>
      getReportSchedule(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.params.deviceId,
      }),
  );

  app.put(
    '/api/reportschedule/devices/:deviceId',
    {
      schema: {
        tags,
        summary:
          "Turn the weekly report e-mail on or off: each Monday morning in the device's time zone, the week's summary and CSV go to the owner",
        params: HistoryDeviceParams,
        body: ReportSchedule,
        response: { 200: ReportSchedule },
      },
    },
    async (request) =>
      changeReportSchedule(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.params.deviceId,
        weeklyReport: request.body.WeeklyReport,
      }),
  );
};
