import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEVICE_REPORTS_PATH,
  DeviceReportAnswer,
  DeviceReportBatch,
} from '@monitor/contract/device-protocol';
import { failureLimit } from '../../platform/http/rate-limits';
import { authenticateDevice, type AuthenticatedDevice } from './device-auth';
import { ingestReports } from './ingest.service';
import { notifyReportsStored } from './reports-stored';

// 500 readings with 16 pucks each fit comfortably.
const BODY_LIMIT = 4 * 1024 * 1024;

/** The device protocol, version 1 (docs/device-protocol.md): units report, acknowledge and collect commands. */
export const deviceReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = new WeakMap<object, AuthenticatedDevice>();
  // Only failed sign-ins count: a fleet behind one carrier address calls often and rightly.
  const signInFailures = failureLimit(app, app.ctx.config.rateLimits.deviceAuthFailures);

  app.post(
    DEVICE_REPORTS_PATH,
    {
      bodyLimit: BODY_LIMIT,
      // Units carry no session: not the anonymous limit, only the failure limit below.
      config: { rateLimit: false, access: 'device' },
      // Every unit calls every few seconds: its requests would drown the log; failures still show.
      logLevel: 'warn',
      // Authenticate before the body is read or validated: a stranger learns nothing from a 400.
      // An address past its failures is refused before any look-up, a right key included, until
      // the minute is over (decision 018).
      onRequest: async (request) => {
        await signInFailures.check(request);
        try {
          devices.set(request, await authenticateDevice(app.ctx, request.headers.authorization));
        } catch (error) {
          await signInFailures.fail(request);
          throw error;
        }
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
      const { metrics } = app.ctx;
      const started = performance.now();
      const secondsSinceStart = () => (performance.now() - started) / 1000;
      const { answer, stored } = await ingestReports(app.ctx, device, request.body);
      metrics.ingestBatchDuration.observe(secondsSinceStart());
      metrics.deviceReports.inc({ outcome: 'accepted' }, answer.Accepted);
      metrics.deviceReports.inc({ outcome: 'duplicate' }, answer.Duplicates);
      metrics.deviceReports.inc({ outcome: 'refused' }, answer.Refused);
      if (answer.Refused > 0) {
        // Stored nowhere else: the log is where a unit with a wrong clock shows (decision 055).
        request.log.warn(
          {
            imei: device.imei,
            refused: answer.RefusedReports.map((refused) => ({
              ...refused,
              ReportTimestamp: request.body.Reports[refused.Index]?.ReportTimestamp,
            })),
          },
          'readings refused for their date',
        );
      }
      await notifyReportsStored(app.ctx, stored, (error) =>
        request.log.error({ err: error, imei: device.imei }, 'a reports-stored listener failed'),
      );
      // A poll or a resent batch decides nothing.
      if (stored.reports.length > 0) metrics.alarmDecisionDuration.observe(secondsSinceStart());
      return answer;
    },
  );
};
