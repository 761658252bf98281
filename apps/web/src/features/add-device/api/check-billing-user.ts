import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/checkBillingUser?userId: a number, 0 for a card customer (accounts-devices-billing §6, §7). */
export function checkBillingUser(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  return apiRequest<unknown>('/api/users/checkBillingUser', { query: { userId }, signal }).then(
    (answer) => (typeof answer === 'number' ? answer : Number(answer) || 0),
  );
}

export const checkBillingUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['check-billing-user', userId] as const,
    queryFn: ({ signal }) => checkBillingUser(userId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useCheckBillingUser(userId: number) {
  return useQuery(checkBillingUserQueryOptions(userId));
}
