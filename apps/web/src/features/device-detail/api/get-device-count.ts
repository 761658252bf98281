import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceCount } from '@monitor/contract/user-devices';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/getDeviceCount?userId: how many devices the user has, for the live-channel rule (device-management §4). */
export async function getDeviceCount(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  const answer = await apiRequest<z.infer<typeof DeviceCount>>('/api/users/getDeviceCount', {
    query: { userId },
    signal,
  });
  return answer.DeviceCount;
}

export const getDeviceCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'device-count'],
    queryFn: ({ signal }) => getDeviceCount(userId, { signal }),
    staleTime: 60_000,
  });

export function useDeviceCount(userId: number) {
  return useQuery(getDeviceCountQueryOptions(userId));
}
