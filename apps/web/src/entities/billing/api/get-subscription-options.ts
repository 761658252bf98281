import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';

export type SubscriptionOptionsParams = {
  /** The plan tenant; with a serial the server derives the device's own (§4 "plan tenant"). */
  tenantId: number;
  serial?: string | null;
};

/** GET /api/subscriptions/options/{tenantId}?serial=…: the plans, Monthly first, Annual last (§9). */
export function getSubscriptionOptions(
  { tenantId, serial }: SubscriptionOptionsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BillingPlanOption[]> {
  return apiRequest<BillingPlanOption[]>(`/api/subscriptions/options/${tenantId}`, {
    query: { serial: serial || undefined },
    signal,
  });
}

export const getSubscriptionOptionsQueryOptions = (params: SubscriptionOptionsParams) =>
  queryOptions({
    queryKey: ['subscription-options', params.tenantId, params.serial ?? null],
    queryFn: ({ signal }) => getSubscriptionOptions(params, { signal }),
    staleTime: 5 * 60_000,
  });

export function useSubscriptionOptions(
  params: SubscriptionOptionsParams,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...getSubscriptionOptionsQueryOptions(params), enabled });
}
