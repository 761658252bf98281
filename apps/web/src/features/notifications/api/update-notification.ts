import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@monitor/contract/notifications';
import { apiRequest } from '../../../lib/api-client';
import type { CreateNotificationInput } from './create-notification';
import { getNotificationsQueryOptions } from './get-notifications';

export type UpdateNotificationInput = CreateNotificationInput & { Id: number };

/** PUT /api/notifications/{Id} (device-management §7). */
export function updateNotification({
  Id,
  ...input
}: UpdateNotificationInput): Promise<Notification> {
  return apiRequest<Notification>(`/api/notifications/${Id}`, { method: 'PUT', body: input });
}

/** Replaces the changed notification in its device's list once the server has it. */
export function useUpdateNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotification,
    onSuccess: (saved) =>
      queryClient.setQueryData(getNotificationsQueryOptions(saved.DeviceId).queryKey, (list) =>
        list?.map((n) => (n.Id === saved.Id ? saved : n)),
      ),
  });
}
