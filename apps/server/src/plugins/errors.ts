import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@monitor/domain/messages';
import { AppError } from '../errors';
import { isDataException } from '../db/errors';

const send = (code: number, message: string) => ({ error: { code, message } });

/** One error shape everywhere; 500s are logged with their cause but shown only as a friendly line. */
export const errorsPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(send(error.statusCode, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? 'The request is not valid.';
      const withField = field && !message.includes(field) ? `${field}: ${message}` : message;
      return reply.status(400).send(send(400, withField));
    }
    if (isDataException(error)) {
      // Input the schema let through but the database cannot store (e.g. a NUL byte in text).
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send(send(400, 'The request is not valid.'));
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(send(status, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(send(500, MESSAGES.unexpectedServerError));
  });
});
