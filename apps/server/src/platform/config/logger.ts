import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { PinoPretty } from 'pino-pretty';

/** A query value as the server reads it: `%2B` and `+` escapes undone; undecodable, as sent. */
function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

/**
 * A value shaped like a credential: 20 characters or more of a token's alphabet (base64,
 * base64url, hex, a signed token's dots). Session tokens, file-link signatures, replacement-offer
 * tokens and any credential added later are all this shape; what else the API takes in a query
 * (ids, serials, 15-digit IMEIs, dates, e-mail addresses, codes) is not. The rule, not a list of
 * names, so a new credential is redacted the day it is added (issue #22).
 */
const CREDENTIAL_SHAPED = /^[A-Za-z0-9_\-.~+/=]{20,}$/;

/**
 * A request URL with the value of every credential-shaped query parameter replaced by
 * `[redacted]`, however it is escaped, so no log line holds a session token, a working download
 * link or an offer's link.
 */
export function redactCredentials(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const at = part.indexOf('=');
      if (at === -1) return part;
      const value = decodeValue(part.slice(at + 1));
      return CREDENTIAL_SHAPED.test(value) ? `${part.slice(0, at)}=[redacted]` : part;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/**
 * The process logger. The spec's clients send the access token in the query string, and links
 * carry signatures and tokens: none is ever written out. `destination` defaults to stdout — readable lines on a terminal, JSON lines for a log
 * collector otherwise; tests pass a memory stream to read what was logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactCredentials(req.url),
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
