import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** GET /api/subscriptions/getBillableSubscription/?subscriptionId: a billed user's lookup (accounts-devices-billing §6). */
export function getBillableSubscription(
  subscriptionId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>('/api/subscriptions/getBillableSubscription/', {
    query: { subscriptionId },
    signal,
  });
}

export const getBillableSubscriptionQueryOptions = (subscriptionId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.billable(subscriptionId),
    queryFn: ({ signal }) => getBillableSubscription(subscriptionId, { signal }),
  });

export function useBillableSubscription(subscriptionId: number, { enabled = true } = {}) {
  return useQuery({ ...getBillableSubscriptionQueryOptions(subscriptionId), enabled });
}
