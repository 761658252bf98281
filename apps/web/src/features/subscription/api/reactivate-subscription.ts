import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionReactivation, SubscriptionView } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

export type ReactivateInput = { subscriptionId: number } & z.infer<typeof SubscriptionReactivation>;

/**
 * POST /api/subscriptions/{Id}/reactivate/: with the card form's nonce and device data in the
 * card-vault variant; a billed subscription sends none (accounts-devices-billing §4).
 */
export function reactivateSubscription({
  subscriptionId,
  ...body
}: ReactivateInput): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>(`/api/subscriptions/${subscriptionId}/reactivate/`, {
    method: 'POST',
    body,
  });
}

export function useReactivateSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
