import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionInvoice } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** GET /api/subscriptions/{Id}/invoices: a billed subscription's invoices, newest first (decision 040). */
export function getSubscriptionInvoices(
  subscriptionId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubscriptionInvoice[]> {
  return apiRequest<SubscriptionInvoice[]>(`/api/subscriptions/${subscriptionId}/invoices`, {
    signal,
  });
}

export const getSubscriptionInvoicesQueryOptions = (subscriptionId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.invoices(subscriptionId),
    queryFn: ({ signal }) => getSubscriptionInvoices(subscriptionId, { signal }),
  });

export function useSubscriptionInvoices(subscriptionId: number) {
  return useQuery(getSubscriptionInvoicesQueryOptions(subscriptionId));
}
