import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PushPublicKey,
  PushSubscription,
  PushSubscriptionInput,
} from '@monitor/contract/push';
import { apiRequest } from '../../../lib/api-client';

/**
 * The caller's browsers that get push notifications (issue #27, decision 082): the list, saving
 * this browser, removing one, and the server's VAPID key a subscription is made to.
 */

export const pushBrowsersQueryOptions = () =>
  queryOptions({
    queryKey: ['push-browsers'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ subscriptions: PushSubscription[] }>('/api/push/subscriptions', {
          signal,
        })
      ).subscriptions,
  });

export function usePushBrowsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...pushBrowsersQueryOptions(), enabled });
}

export async function getPushPublicKey(): Promise<string> {
  return (await apiRequest<PushPublicKey>('/api/push/publickey')).PublicKey;
}

export function savePushBrowser(input: PushSubscriptionInput): Promise<PushSubscription> {
  return apiRequest<PushSubscription>('/api/push/subscriptions', { method: 'POST', body: input });
}

/** DELETE /api/push/subscriptions/{Id}; the list is read again after. */
export function useRemovePushBrowserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<void>(`/api/push/subscriptions/${id}`, { method: 'DELETE' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: pushBrowsersQueryOptions().queryKey }),
  });
}
