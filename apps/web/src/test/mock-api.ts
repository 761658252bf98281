import { vi } from 'vitest';
import { BRANDS_ANSWER } from './fixtures';

export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The Authorization header the call carried, if any. */
  authorization: string | null;
  /** Every header the call carried (a registration's Idempotency-Key). */
  headers: Headers;
  body: unknown;
};

type Answer = { status?: number; body?: unknown };

export type MockRoute = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string | RegExp;
  /** A fixed answer, or one computed from the call. */
  answer: Answer | ((call: RecordedCall) => Answer | Promise<Answer>);
};

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Replaces fetch with a small router of canned answers and records every call. GET /api/brands
 * always answers; anything unmatched answers 404 like the server's catch-all.
 */
export function mockApi(routes: MockRoute[] = []) {
  const calls: RecordedCall[] = [];
  const all: MockRoute[] = [...routes, { path: '/api/brands', answer: { body: BRANDS_ANSWER } }];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      authorization: new Headers(init?.headers).get('Authorization'),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = all.find(
      (candidate) =>
        (candidate.method ?? 'GET') === method &&
        (typeof candidate.path === 'string'
          ? candidate.path === url.pathname
          : candidate.path.test(url.pathname)),
    );
    if (!route) {
      return json(404, {
        error: { code: 404, message: `No such call: ${method} ${url.pathname}` },
      });
    }
    const answer = typeof route.answer === 'function' ? await route.answer(call) : route.answer;
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls other than the brand lookup. */
    apiCalls: () => calls.filter((call) => call.path !== '/api/brands'),
    find: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export const errorAnswer = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: status, message } },
});

/** The sign-in 401: the error shape plus whether the server now slows sign-in (decision 068). */
export const loginFailure = ({ isSlowed }: { isSlowed: boolean }): Answer => ({
  status: 401,
  body: { error: { code: 401, message: 'Invalid username or password.', isSlowed } },
});
