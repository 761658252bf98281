import { ApiError } from '../../../lib/api-client';

/**
 * Loading the offer: a malformed (400), unknown (404), refused (401, 403) or used or expired (410)
 * token means the link cannot be used (decision 045).
 */
export function isRefusedLink(error: unknown): boolean {
  return error instanceof ApiError && [400, 401, 403, 404, 410].includes(error.status);
}

/** Submitting: only a refused token (401, 403, 410) sends the owner to the not-valid page; a 400 is the order's. */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 410].includes(error.status);
}
