import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/**
 * POST /api/subscriptions/{Id}/suspend/: inactive, expiring on its next billing date
 * (accounts-devices-billing §4).
 */
export function suspendSubscription(subscriptionId: number): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>(`/api/subscriptions/${subscriptionId}/suspend/`, {
    method: 'POST',
  });
}

export function useSuspendSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
