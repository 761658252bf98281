import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionChange, SubscriptionChanged } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

export type ChangeSubscriptionInput = { subscriptionId: number } & z.infer<
  typeof SubscriptionChange
>;

/**
 * PUT /api/subscriptions/{Id}: a new plan; the server applies the start rules and the seasonal
 * lock and says why when it refuses (accounts-devices-billing §4).
 */
export function changeSubscription({
  subscriptionId,
  ...body
}: ChangeSubscriptionInput): Promise<z.infer<typeof SubscriptionChanged>> {
  return apiRequest(`/api/subscriptions/${subscriptionId}`, { method: 'PUT', body });
}

export function useChangeSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
