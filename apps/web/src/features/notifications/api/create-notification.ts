import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationInput } from '@monitor/contract/notifications';
import { apiRequest } from '../../../lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

export type CreateNotificationInput = Omit<NotificationInput, 'DisableAlarm'> & {
  DisableAlarm?: boolean;
};

/** POST /api/notifications (device-management §7); the server applies the caps of §9. */
export function createNotification(input: CreateNotificationInput): Promise<Notification> {
  return apiRequest<Notification>('/api/notifications', { method: 'POST', body: input });
}

/** Adds the saved notification to its device's list; not optimistic, since the server may refuse it for a cap. */
export function useCreateNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    onSuccess: (saved) =>
      queryClient.setQueryData(getNotificationsQueryOptions(saved.DeviceId).queryKey, (list) =>
        list ? [...list, saved] : list,
      ),
  });
}
