import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redactAccessToken } from '../security/tokens';

/**
 * The process logger. The spec's clients send the access token in the query string: it is never
 * written out. `destination` defaults to stdout; tests pass a memory stream to read what was logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactAccessToken(req.url),
        ip: req.ip,
      }),
    },
    redact: ['req.headers.authorization', 'headers.authorization'],
  };
  return destination ? pino(options, destination) : pino(options);
}
