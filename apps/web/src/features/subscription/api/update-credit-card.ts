import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CardUpdate } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import type { CardInfo } from './get-card-info';
import { subscriptionKeys } from './subscription-keys';

export type CardUpdateInput = z.infer<typeof CardUpdate>;

/**
 * PUT /api/subscriptions/updatecreditcard/: the new card (a nonce) for every card subscription of
 * the user; a cancelled profile keeps its card (accounts-devices-billing §4).
 */
export function updateCreditCard(body: CardUpdateInput): Promise<CardInfo> {
  return apiRequest<CardInfo>('/api/subscriptions/updatecreditcard/', { method: 'PUT', body });
}

export function useUpdateCreditCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCreditCard,
    onSuccess: (info, input) => {
      queryClient.setQueryData(subscriptionKeys.cardInfo(input.UserId), info);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}
