import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@monitor/contract/notifications';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/notifications?device_id: every notification of a user device, its pucks' included
 * (device-management §7). One list per device serves the device, new-device and puck schedules,
 * which filter it, so an edit in one shows in the others.
 */
export function getNotifications(
  userDeviceId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Notification[]> {
  return apiRequest<Notification[]>('/api/notifications', {
    query: { device_id: userDeviceId },
    signal,
  });
}

export const getNotificationsQueryOptions = (userDeviceId: number) =>
  queryOptions({
    queryKey: ['notifications', userDeviceId],
    queryFn: ({ signal }) => getNotifications(userDeviceId, { signal }),
  });

export function useNotifications(userDeviceId: number) {
  return useQuery(getNotificationsQueryOptions(userDeviceId));
}
