import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type InstantUpdatesLeft = { UserDeviceId: number; InstantUpdates: number };

/** GET /api/users/getInstantUpdates?id&serialNumber: instant updates left on a unit (device-management §7). */
export function getInstantUpdates(
  { userId, serialNumber }: { userId: number; serialNumber: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstantUpdatesLeft> {
  return apiRequest<InstantUpdatesLeft>('/api/users/getInstantUpdates', {
    query: { id: userId, serialNumber },
    signal,
  });
}

export const getInstantUpdatesQueryOptions = (userId: number, serialNumber: string) =>
  queryOptions({
    queryKey: ['instant-updates', userId, serialNumber],
    queryFn: ({ signal }) => getInstantUpdates({ userId, serialNumber }, { signal }),
    // The count changes only through this feature (decrement) or a purchase: read it fresh when asked.
    staleTime: 0,
  });

export function useInstantUpdates(
  { userId, serialNumber }: { userId: number | null; serialNumber: string },
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...getInstantUpdatesQueryOptions(userId ?? 0, serialNumber),
    enabled: enabled && userId !== null,
  });
}
