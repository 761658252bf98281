import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PeripheralSubscriptionDetails } from '@monitor/contract/peripheral-billing';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/paymentprocessing/getPeripheralSubscriptionDetails/?userDeviceId: what a puck adds (device-management §4). */
export function getPeripheralSubscriptionDetails(
  userDeviceId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PeripheralSubscriptionDetails> {
  return apiRequest<PeripheralSubscriptionDetails>(
    '/api/paymentprocessing/getPeripheralSubscriptionDetails/',
    { query: { userDeviceId }, signal },
  );
}

export const getPeripheralSubscriptionDetailsQueryOptions = (userDeviceId: number) =>
  queryOptions({
    queryKey: ['peripheral-subscription-details', userDeviceId],
    queryFn: ({ signal }) => getPeripheralSubscriptionDetails(userDeviceId, { signal }),
    staleTime: 0,
  });

export function usePeripheralSubscriptionDetails(userDeviceId: number, { enabled = true } = {}) {
  return useQuery({ ...getPeripheralSubscriptionDetailsQueryOptions(userDeviceId), enabled });
}
