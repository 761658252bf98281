import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CardInfo as CardInfoSchema } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

export type CardInfo = z.infer<typeof CardInfoSchema>;

/** GET /api/subscriptions/getusercreditcardinfo/{userId}: the card on file, last 4 only (accounts-devices-billing §3). */
export function getCardInfo(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CardInfo> {
  return apiRequest<CardInfo>(`/api/subscriptions/getusercreditcardinfo/${userId}`, { signal });
}

export const getCardInfoQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.cardInfo(userId),
    queryFn: ({ signal }) => getCardInfo(userId, { signal }),
  });

export function useCardInfo(userId: number) {
  return useQuery(getCardInfoQueryOptions(userId));
}
