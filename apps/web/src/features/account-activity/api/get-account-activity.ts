import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEventsPage } from '@monitor/contract/audit-events';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/users/{userId}/auditevents (issue #22): one page of the caller's own account activity,
 * newest first; `before` is the previous page's `NextBefore`.
 */
export function getAccountActivity(
  userId: number,
  before: number | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditEventsPage> {
  return apiRequest<AuditEventsPage>(`/api/users/${userId}/auditevents`, {
    query: { before },
    signal,
  });
}

export const accountActivityQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: ['account-activity', userId],
    queryFn: ({ pageParam, signal }) => getAccountActivity(userId, pageParam, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.NextBefore,
  });

/** The account activity's pages; "Show older activity" asks for the next 50. */
export function useAccountActivity(userId: number) {
  return useInfiniteQuery(accountActivityQueryOptions(userId));
}
