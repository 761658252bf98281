import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CardInfo } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';

export type CardInfoAnswer = z.infer<typeof CardInfo>;

/** GET /api/subscriptions/getusercreditcardinfo/{userId}: the card on file, type and last 4 (accounts-devices-billing §3). */
export function getUserCreditCardInfo(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CardInfoAnswer> {
  return apiRequest<CardInfoAnswer>(`/api/subscriptions/getusercreditcardinfo/${userId}`, {
    signal,
  });
}

export const getUserCreditCardInfoQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['credit-card-info', userId],
    queryFn: ({ signal }) => getUserCreditCardInfo(userId, { signal }),
  });

export function useUserCreditCardInfo(userId: number, { enabled = true } = {}) {
  return useQuery({ ...getUserCreditCardInfoQueryOptions(userId), enabled });
}
