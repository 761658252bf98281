import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/**
 * GET /api/subscriptions/options/{tenantId}?serial=…: the plans the device is offered, in picker
 * order; the serial lets the server pick the device's plan tenant (accounts-devices-billing §4).
 */
export function getSubscriptionOptions(
  { tenantId, serial }: { tenantId: number; serial: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<BillingPlanOption[]> {
  return apiRequest<BillingPlanOption[]>(`/api/subscriptions/options/${tenantId}`, {
    query: { serial },
    signal,
  });
}

export const getSubscriptionOptionsQueryOptions = (ref: { tenantId: number; serial: string }) =>
  queryOptions({
    queryKey: subscriptionKeys.options(ref.tenantId, ref.serial),
    queryFn: ({ signal }) => getSubscriptionOptions(ref, { signal }),
  });

export function useSubscriptionOptions(ref: { tenantId: number; serial: string }) {
  return useQuery(getSubscriptionOptionsQueryOptions(ref));
}
