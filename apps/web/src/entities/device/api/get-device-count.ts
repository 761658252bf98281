import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';

/** GET /api/users/getDeviceCount?userId: the badge on My Devices; null when the call is not served. */
export async function getDeviceCount(
  userId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number | null> {
  try {
    const answer = await apiRequest<unknown>('/api/users/getDeviceCount', {
      query: { userId },
      signal,
    });
    if (typeof answer === 'number') return answer;
    if (answer && typeof answer === 'object') {
      const count = (answer as Record<string, unknown>).DeviceCount;
      if (typeof count === 'number') return count;
    }
    return null;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const deviceCountQueryKey = (userId: number) => ['device-count', userId] as const;

export const getDeviceCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: deviceCountQueryKey(userId),
    queryFn: ({ signal }) => getDeviceCount(userId, { signal }),
    staleTime: 60_000,
  });

export function useDeviceCount(userId: number | null) {
  return useQuery({ ...getDeviceCountQueryOptions(userId ?? 0), enabled: userId !== null });
}

/**
 * Moves the badge by one when a device is added (+1) or removed (-1) without asking the server
 * again; it starts over from the server on login (accounts-devices-billing §4).
 */
export function adjustDeviceCount(queryClient: QueryClient, userId: number, change: 1 | -1): void {
  queryClient.setQueryData<number | null>(deviceCountQueryKey(userId), (count) =>
    typeof count === 'number' ? Math.max(0, count + change) : count,
  );
}
