import type { Samples } from './samples';

/**
 * The HTTP calls of a soak user, made as the web app's `apiRequest` makes them (the token in
 * `Authorization: Bearer`, JSON both ways). Each is timed: GETs as `read: <kind>`, the rest as
 * `write: <kind>`; a failure is counted by kind and status and answers null, so a user goes on.
 */

export type Api = <T>(
  kind: string,
  path: string,
  options?: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    token?: string;
    body?: unknown;
    query?: Record<string, string | number | boolean>;
  },
) => Promise<T | null>;

export function createApi(url: string, samples: Samples): Api {
  return async (kind, path, { method = 'GET', token, body, query } = {}) => {
    const search = query
      ? `?${new URLSearchParams(
          Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
        ).toString()}`
      : '';
    const started = performance.now();
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${url}${path}${search}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(token && { authorization: `Bearer ${token}` }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      samples.error(`${kind}: network (${cause ?? (error as Error).message})`);
      return null;
    }
    if (status < 200 || status > 299) {
      samples.error(`${kind}: HTTP ${status}`);
      return null;
    }
    samples.add(
      `${method === 'GET' ? 'read' : 'write'}: ${kind}`,
      performance.now() - started,
      started,
    );
    return text ? (JSON.parse(text) as never) : null;
  };
}
