import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/{Id}. */
export function getUser(userId: number, { signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return apiRequest<User>(`/api/users/${userId}`, { signal });
}

export const getUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => getUser(userId, { signal }),
  });

export function useUser(userId: number) {
  return useQuery(getUserQueryOptions(userId));
}
