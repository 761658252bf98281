import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceReportAnswer, DeviceReportBatch } from '@monitor/contract/device-protocol';
import { authenticateDevice, type AuthenticatedDevice } from '../../telemetry/device-auth';
import { ingestReports } from '../../telemetry/ingest.service';
import { notifyReportsStored } from '../../telemetry/reports-stored';

// 500 readings with 16 pucks each fit comfortably.
const BODY_LIMIT = 4 * 1024 * 1024;

/** The device protocol, version 1 (docs/device-protocol.md): units report, acknowledge and collect commands. */
export const deviceReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = new WeakMap<object, AuthenticatedDevice>();

  app.post(
    '/device-api/v1/reports',
    {
      bodyLimit: BODY_LIMIT,
      // Every unit calls every few seconds: its requests would drown the log; failures still show.
      logLevel: 'warn',
      // Authenticate before the body is read or validated: a stranger learns nothing from a 400.
      onRequest: async (request) => {
        devices.set(request, await authenticateDevice(app.ctx, request.headers.authorization));
      },
      schema: {
        tags: ['device protocol'],
        summary: 'A unit reports readings, acknowledges commands and collects the ones waiting',
        description:
          'HTTP Basic authentication: the IMEI as user name, the device key as password.',
        body: DeviceReportBatch,
        response: { 200: DeviceReportAnswer },
      },
    },
    async (request) => {
      const device = devices.get(request);
      if (!device) throw new Error('device not authenticated');
      const { answer, stored } = await ingestReports(app.ctx, device, request.body);
      await notifyReportsStored(app.ctx, stored, (error) =>
        request.log.error({ err: error, imei: device.imei }, 'a reports-stored listener failed'),
      );
      return answer;
    },
  );
};
