import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@monitor/contract/orders';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/{userId}/orders (decision 044): the signed-in customer's own orders, newest first. */
export function getUserOrders(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Order[]> {
  return apiRequest<Order[]>(`/api/users/${userId}/orders`, { signal });
}

export const userOrdersQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user-orders', userId],
    queryFn: ({ signal }) => getUserOrders(userId, { signal }),
  });

export function useUserOrders(userId: number) {
  return useQuery(userOrdersQueryOptions(userId));
}
