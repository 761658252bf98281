import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/getCustomerId?userId: the caller's card-vault customer id, or null (accounts-devices-billing §6). */
export function getCustomerId(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ CustomerId: string | null }> {
  return apiRequest<{ CustomerId: string | null }>('/api/users/getCustomerId', {
    query: { userId },
    signal,
  });
}

export const getCustomerIdQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['customer-id', userId],
    queryFn: ({ signal }) => getCustomerId(userId, { signal }),
  });

export function useCustomerId(userId: number, { enabled = true } = {}) {
  return useQuery({ ...getCustomerIdQueryOptions(userId), enabled });
}
