import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  GeneratedFile,
  GenerateFileQuery,
  GenerateSpuckFileQuery,
  HistoryDeviceParams,
} from '@monitor/contract/history';
import { generateDeviceFile, generateSpuckFile } from './report-file.service';

const tags = ['history'];

/**
 * The file calls take their parameters in the query string or a JSON body (device-management §7
 * "body from and to, parameters from, to, offset…"): a body's fields join the query's, as text,
 * before the query is validated, so both ways are one schema and one set of messages.
 */
async function acceptBodyAsQuery(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = Object.entries(body as Record<string, unknown>).filter(([, value]) =>
    ['string', 'number', 'boolean'].includes(typeof value),
  );
  request.query = {
    ...(request.query as Record<string, unknown>),
    ...Object.fromEntries(fields.map(([key, value]) => [key, String(value)])),
  };
}

/**
 * CSV files of a unit's and a puck's readings (device-management §7; decision 030). Each is heavy
 * work (a whole history's rows): run in one of the caller's slots, a 429 past them (decision 055).
 */
export const reportFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reportlog/devices/:deviceId/generatefile',
    {
      preValidation: acceptBodyAsQuery,
      schema: {
        tags,
        summary:
          "Writes a unit's readings over a period as a CSV (local time, temperature, humidity, power, alarm flag) and answers a five-minute link; parameters in the query or a JSON body (deviceId is the user device Id)",
        params: HistoryDeviceParams,
        querystring: GenerateFileQuery,
        response: { 200: GeneratedFile },
      },
    },
    async (request, reply) =>
      app.runHeavyWork(request, reply, (signal) =>
        generateDeviceFile(app.ctx, {
          callerId: request.caller.userId,
          userDeviceId: request.params.deviceId,
          query: request.query,
          signal,
        }),
      ),
  );

  app.post(
    '/api/reportlog/generatespuckfile',
    {
      preValidation: acceptBodyAsQuery,
      schema: {
        tags,
        summary:
          "Writes a puck's readings over a period as a CSV (with water and battery) and answers a five-minute link; serial is the unit's serial number, peripheralId the puck's",
        querystring: GenerateSpuckFileQuery,
        response: { 200: GeneratedFile },
      },
    },
    async (request, reply) =>
      app.runHeavyWork(request, reply, (signal) =>
        generateSpuckFile(app.ctx, {
          callerId: request.caller.userId,
          query: request.query,
          signal,
        }),
      ),
  );
};
