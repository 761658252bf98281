import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AlarmEvent, AlarmEventPage, AlarmLinkView } from '@monitor/contract/alarms';
import { apiRequest } from '../../../lib/api-client';
import { alarmEventsKey } from './get-alarm-events';
import { alarmLinkKey } from './get-alarm-link';

/** With `token`, the link of an alarm message, without a session; otherwise the session's. */
export type AcknowledgeAlarmInput = { id: number; token?: string };

/**
 * POST /api/alarms/{Id}/acknowledge, signed in, or `?token=` from an alarm message (issue #23):
 * answers the event as it now stands. Idempotent: an event someone already acknowledged answers
 * as it is, with who did.
 */
export function acknowledgeAlarm({ id, token }: AcknowledgeAlarmInput): Promise<AlarmEvent> {
  return apiRequest<AlarmEvent>(`/api/alarms/${id}/acknowledge`, {
    method: 'POST',
    ...(token ? { query: { token }, withToken: false, skipAutoLogout: true } : {}),
  });
}

/** The answer put in place of the cached event at once, before the refetch confirms it. */
function patchCachedEvent(queryClient: QueryClient, event: AlarmEvent): void {
  queryClient.setQueriesData<AlarmEventPage>(
    { queryKey: alarmEventsKey(event.UserDeviceId) },
    (page) =>
      page && {
        ...page,
        Events: page.Events.map((old) => (old.Id === event.Id ? { ...old, ...event } : old)),
      },
  );
}

export function useAcknowledgeAlarmMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarm,
    onSuccess: (event, input) => {
      if (input.token) {
        const key = alarmLinkKey({ id: input.id, token: input.token });
        queryClient.setQueryData<AlarmLinkView>(
          key,
          (view) =>
            view && {
              ...view,
              State: event.State,
              AcknowledgedBy: event.AcknowledgedBy,
              AcknowledgedAt: event.AcknowledgedAt,
            },
        );
        return;
      }
      patchCachedEvent(queryClient, event);
      void queryClient.invalidateQueries({ queryKey: alarmEventsKey(event.UserDeviceId) });
    },
  });
}
