import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** GET /api/users/checkBillingUser?userId: 0 for a card customer, else a billed user (accounts-devices-billing §6). */
export function checkBillingUser(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  return apiRequest<number>('/api/users/checkBillingUser', { query: { userId }, signal });
}

export const checkBillingUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.billingUser(userId),
    queryFn: ({ signal }) => checkBillingUser(userId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useBillingUserCheck(userId: number, { enabled = true } = {}) {
  return useQuery({ ...checkBillingUserQueryOptions(userId), enabled });
}
