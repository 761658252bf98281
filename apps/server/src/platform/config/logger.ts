import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { PinoPretty } from 'pino-pretty';

/** A query key as the server reads it: `access%5Ftoken` and `access_token` are the same key. */
function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return key.toLowerCase();
  }
}

/**
 * Query parameters that are credentials: a session token, and a file link's signature (the link
 * is the permission to download a file, decision 031).
 */
const SECRET_QUERY_KEYS = new Set(['access_token', 'signature']);

/**
 * A request URL with the value of every `access_token` (and file-link `signature`) query
 * parameter replaced by `[redacted]`, however the key is written (escaped or not), so no log line
 * holds a session token or a working download link.
 */
export function redactAccessToken(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const [key = '', ...value] = part.split('=');
      return SECRET_QUERY_KEYS.has(decodeKey(key)) && value.length > 0 ? `${key}=[redacted]` : part;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

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
