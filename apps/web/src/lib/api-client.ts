import { endSession, getSession } from './session';

/** A failed call: `status` is the HTTP status (0 when the network failed), `message` the server's text. */
export class ApiError extends Error {
  readonly status: number;
  /** The error body's fields beside code and message (a payment refusal's `processorErrors`). */
  readonly details: Record<string, unknown>;

  constructor(status: number, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the session token (most calls); registration and sales calls do not. */
  withToken?: boolean;
  /** Send this token instead of the session's (revoking a staff session kept behind an impersonation). */
  token?: string;
  /** A 401 on this call is an answer, not an ended session (the login and logout calls). */
  skipAutoLogout?: boolean;
  /** Where an automatic logout on 401 goes; `/login` by default. */
  logoutTo?: string;
  /** Further headers (a registration's `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type UnauthorizedHandler = (logoutTo: string | undefined) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The app registers what an ended session does (clear it, announce, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** An ended session learnt outside a call (the live channel's close code 4401): handled as a 401. */
export function reportSessionEnded(): void {
  if (!getSession().loggedIn) return;
  if (onUnauthorized) onUnauthorized(undefined);
  else endSession();
}

function buildUrl(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/**
 * A validation refusal names its field first (`items.0.Quantity: Quantity must be …`, decision 002)
 * for programs; a person gets the words only, so no field path ever reaches the screen.
 */
const FIELD_PATH_PREFIX = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*: (?=\S)/;

export function withoutFieldPath(message: string): string {
  return message.replace(FIELD_PATH_PREFIX, '');
}

async function readError(
  response: Response,
): Promise<{ message: string; details: Record<string, unknown> }> {
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  try {
    const body = (await response.json()) as { error?: Record<string, unknown> };
    const { code: _code, message, ...details } = body.error ?? {};
    const text = typeof message === 'string' && message ? message : fallback;
    return { message: response.status === 400 ? withoutFieldPath(text) : text, details };
  } catch {
    // not JSON: the status text
    return { message: fallback, details: {} };
  }
}

/**
 * Calls the API on the same origin. Errors arrive as `{ error: { code, message } }` and are thrown
 * as ApiError. Any 401 on a call made while logged in ends the session (store-and-public-site §6).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query = {},
    withToken = true,
    skipAutoLogout = false,
    signal,
  } = options;
  const session = getSession();
  const token = options.token ?? (withToken && session.loggedIn ? session.apiToken : null);
  // The token goes in the Authorization header, never the address, where proxies and logs keep
  // it (OWASP ASVS 14.2.1); the server still takes `access_token` from the spec's other clients.
  const url = buildUrl(path, query);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...options.headers,
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }

  if (!response.ok) {
    const { message, details } = await readError(response);
    // Only the session that made the call ends; a newer sign-in is left alone.
    const sessionNow = getSession();
    if (
      response.status === 401 &&
      !skipAutoLogout &&
      session.loggedIn &&
      sessionNow.loggedIn &&
      sessionNow.apiToken === session.apiToken
    ) {
      onUnauthorized?.(options.logoutTo);
    }
    throw new ApiError(response.status, message, details);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The message to show for a failed call: the operation's friendly text for a 500 (or no answer),
 * otherwise the server's own message (store-and-public-site §7 "Behaviour on answers").
 */
export function errorMessageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
