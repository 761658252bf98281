import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';

/** GET /api/users/getDeviceCount?userId: the badge on My Devices; null when the call is not served (yet). */
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
      const count =
        (answer as Record<string, unknown>).count ??
        (answer as Record<string, unknown>).DeviceCount;
      if (typeof count === 'number') return count;
    }
    return null;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const getDeviceCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['device-count', userId],
    queryFn: ({ signal }) => getDeviceCount(userId, { signal }),
    staleTime: 60_000,
  });

export function useDeviceCount(userId: number | null) {
  return useQuery({ ...getDeviceCountQueryOptions(userId ?? 0), enabled: userId !== null });
}
