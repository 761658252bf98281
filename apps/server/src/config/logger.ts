import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { redactAccessToken } from '../security/tokens';

/**
 * The process logger. The spec's clients send the access token in the query string: it is never
 * written out. `destination` defaults to stdout — readable lines on a terminal, JSON lines for a log
 * collector otherwise; tests pass a memory stream to read what was logged.
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
  if (destination) return pino(options, destination);
  // Synchronous pretty printing: no worker thread, and nothing lost when the process exits.
  if (process.stdout.isTTY)
    return pino(options, PinoPretty({ sync: true, ignore: 'pid,hostname' }));
  return pino(options);
}
