import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HistoryDeviceParams, NistCertificate } from '@monitor/contract/history';
import { getNistCertificate } from './certificates.service';

/** NIST calibration certificates (device-management §2, §7). */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/nistcertificate/devices/:deviceId',
    {
      schema: {
        tags: ['certificates'],
        summary:
          "A NIST unit's current calibration certificate (deviceId is the user device Id) with a five-minute link to its PDF",
        params: HistoryDeviceParams,
        response: { 200: NistCertificate },
      },
    },
    async (request) => {
      return getNistCertificate(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.params.deviceId,
      });
    },
  );
};
