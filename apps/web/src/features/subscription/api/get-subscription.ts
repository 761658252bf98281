import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** GET /api/paymentprocessing/getSubscription/?subscriptionId: the management view (accounts-devices-billing §3). */
export function getSubscription(
  subscriptionId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>('/api/paymentprocessing/getSubscription', {
    query: { subscriptionId },
    signal,
  });
}

export const getSubscriptionQueryOptions = (subscriptionId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.view(subscriptionId),
    queryFn: ({ signal }) => getSubscription(subscriptionId, { signal }),
  });

export function useSubscription(subscriptionId: number, { enabled = true } = {}) {
  return useQuery({ ...getSubscriptionQueryOptions(subscriptionId), enabled });
}
