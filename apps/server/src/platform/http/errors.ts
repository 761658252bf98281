import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { AppError } from '../errors';
import { isDataException } from '../database/errors';

const send = (code: number, message: string) => ({ error: { code, message } });

/** What the router refuses before any route or hook runs, in words a caller can act on. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken %-escape.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long: a part of its path is over 100 characters.',
};

/**
 * Fastify's `frameworkErrors`: an undecodable address (400) or an over-long path parameter (414)
 * never reaches the error handler, so it is answered here, in the same shape.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = FRAMEWORK_MESSAGES[error.code] ?? 'The request is not valid.';
  void reply.status(status).send(send(status, message));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers too large 431, an unknown method or broken HTTP 400, too slow 408). It writes the
 * answer straight to the socket, as Fastify's own handler does, then closes it.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify(send(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One error shape everywhere; 500s are logged with their cause but shown only as a friendly line. */
export const errorsPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ error: { ...error.details, code: error.statusCode, message: error.message } });
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
