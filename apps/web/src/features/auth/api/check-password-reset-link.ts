import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PasswordResetLink = { userId: string; expires: string; token: string };

/** POST /api/users/{userId}/password/reset/check: Ok, or 400 when the link can no longer be used. */
export function checkPasswordResetLink(
  { userId, expires, token }: PasswordResetLink,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/users/${encodeURIComponent(userId)}/password/reset/check`, {
    method: 'POST',
    body: { Expires: Number(expires), RequestToken: token },
    withToken: false,
    signal,
  });
}

export const checkPasswordResetLinkQueryOptions = (link: PasswordResetLink) =>
  queryOptions({
    queryKey: ['password-reset-link', link.userId, link.expires, link.token],
    queryFn: ({ signal }) => checkPasswordResetLink(link, { signal }),
    // One answer per page: a refusal is final, and a link used from this page must not turn the
    // confirmation into a refusal on the next focus.
    retry: false,
    staleTime: Infinity,
  });

export function useCheckPasswordResetLink(link: PasswordResetLink) {
  return useQuery(checkPasswordResetLinkQueryOptions(link));
}
