import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LastUpdatedTimeQuery } from '@monitor/contract/device-commands';
import { LastResetInfo } from '@monitor/contract/last-reset-info';
import { ReportLog, ReportLogParams, SpuckLog, SpuckLogQuery } from '@monitor/contract/report-log';
import { getLastResetInfo } from '../devices/last-reset-info.service';
import { getLatestReport, getSpuckLog } from './report-log.service';

const tags = ['report log'];

/** The latest report and a puck's log (device-management §3, §7, §9). */
export const reportLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reportlog/devices/:deviceId',
    {
      schema: {
        tags,
        summary: 'Latest report time of a user device (deviceId is its Id)',
        params: ReportLogParams,
        response: { 200: ReportLog },
      },
    },
    async (request) => {
      return getLatestReport(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.params.deviceId,
      });
    },
  );

  app.get(
    '/api/reportlog/getSpuckLog',
    {
      schema: {
        tags,
        summary: "A puck's readings newest first, 500 a page: ?spuckId=0A1B2C3D&page=1",
        querystring: SpuckLogQuery,
        response: { 200: SpuckLog },
      },
    },
    async (request) => {
      return getSpuckLog(app.ctx, {
        callerId: request.caller.userId,
        serial: request.query.spuckId,
        page: request.query.page,
      });
    },
  );

  app.get(
    '/api/reportlog/getLastResetInfo',
    {
      schema: {
        tags,
        summary:
          "The unit's request timer by IMEI: LastRequestedTime (set by DOG, cleared by the Device OFF reset) and the pet monitor window",
        querystring: LastUpdatedTimeQuery,
        response: { 200: LastResetInfo },
      },
    },
    async (request) => {
      return getLastResetInfo(app.ctx, {
        callerId: request.caller.userId,
        imei: request.query.imei,
      });
    },
  );
};
