import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InvoicedSubscriptionCheck } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

export type InvoicedCheck = z.infer<typeof InvoicedSubscriptionCheck>;

/**
 * GET /api/subscriptions/checkIfInvoicedSubscription/?subscriptionId: the next billing date of an
 * invoice subscription being invoiced, else null (accounts-devices-billing §4).
 */
export function checkIfInvoicedSubscription(
  subscriptionId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InvoicedCheck> {
  return apiRequest<InvoicedCheck>('/api/subscriptions/checkIfInvoicedSubscription/', {
    query: { subscriptionId },
    signal,
  });
}

export const checkIfInvoicedSubscriptionQueryOptions = (subscriptionId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.invoiced(subscriptionId),
    queryFn: ({ signal }) => checkIfInvoicedSubscription(subscriptionId, { signal }),
  });

export function useInvoicedCheck(subscriptionId: number, { enabled = true } = {}) {
  return useQuery({ ...checkIfInvoicedSubscriptionQueryOptions(subscriptionId), enabled });
}
