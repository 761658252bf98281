import { pino, type Logger } from 'pino';
import { redactAccessToken } from '../security/tokens';

/** The process logger. The spec's clients send the access token in the query string: it is never written out. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactAccessToken(req.url),
        ip: req.ip,
      }),
    },
    redact: ['req.headers.authorization', 'headers.authorization'],
  });
}
