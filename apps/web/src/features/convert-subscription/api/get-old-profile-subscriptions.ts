import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OldProfileSubscription } from '@monitor/contract/old-profiles';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/paymentprocessing/getOldProfileSubscriptions?userId: the caller's old payment profiles in force. */
export function getOldProfileSubscriptions(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OldProfileSubscription[]> {
  return apiRequest<OldProfileSubscription[]>('/api/paymentprocessing/getOldProfileSubscriptions', {
    query: { userId },
    signal,
  });
}

export const getOldProfileSubscriptionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['old-profile-subscriptions', userId],
    queryFn: ({ signal }) => getOldProfileSubscriptions(userId, { signal }),
  });

export function useOldProfileSubscriptions(userId: number, { enabled = true } = {}) {
  return useQuery({ ...getOldProfileSubscriptionsQueryOptions(userId), enabled });
}
