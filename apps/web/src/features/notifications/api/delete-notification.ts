import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@monitor/contract/notifications';
import { apiRequest } from '../../../lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

/** DELETE /api/notifications/{Id} (device-management §7). */
export function deleteNotification({ Id }: { Id: number; DeviceId: number }): Promise<void> {
  return apiRequest<void>(`/api/notifications/${Id}`, { method: 'DELETE' });
}

/**
 * Removes the notification from the list at once (a removal the user has confirmed is safe to
 * show early) and puts it back if the server refuses.
 */
export function useDeleteNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async ({ Id, DeviceId }) => {
      const { queryKey } = getNotificationsQueryOptions(DeviceId);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Notification[]>(queryKey);
      queryClient.setQueryData(queryKey, (list) => list?.filter((n) => n.Id !== Id));
      return { previous };
    },
    onError: (_error, { DeviceId }, context) => {
      if (context?.previous) {
        queryClient.setQueryData(getNotificationsQueryOptions(DeviceId).queryKey, context.previous);
      }
    },
  });
}
