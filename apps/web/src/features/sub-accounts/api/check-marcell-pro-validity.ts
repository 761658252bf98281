import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarcellProValidity } from '@monitor/contract/sub-accounts';
import { apiRequest } from '../../../lib/api-client';

type Ids = { userId: number; userDeviceId: number };

/** GET /api/users/checkMarcellProValidity: whether the user device is the user's own (device-management §5). */
export function checkMarcellProValidity(
  { userId, userDeviceId }: Ids,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MarcellProValidity> {
  return apiRequest<MarcellProValidity>('/api/users/checkMarcellProValidity', {
    query: { deviceId: userDeviceId, userId },
    signal,
  });
}

export const checkMarcellProValidityQueryOptions = (ids: Ids) =>
  queryOptions({
    queryKey: ['sub-account-validity', ids.userId, ids.userDeviceId],
    queryFn: ({ signal }) => checkMarcellProValidity(ids, { signal }),
  });

export function useMarcellProValidity(ids: Ids) {
  return useQuery(checkMarcellProValidityQueryOptions(ids));
}
