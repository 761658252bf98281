import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmLinkView } from '@monitor/contract/alarms';
import { apiRequest } from '../../../lib/api-client';
import type { SnoozeHours } from '../lib/snooze';
import { alarmLinkKey, type AlarmLinkRef } from './get-alarm-link';
import type { SnoozeAnswer } from './snooze-alarms';

export type SnoozeAlarmByLinkInput = AlarmLinkRef & { hours: SnoozeHours };

/**
 * POST /api/alarms/{Id}/snooze?token= (issue #23): snoozes the event's unit from an alarm
 * message's link, without signing in; the token names the unit.
 */
export function snoozeAlarmByLink({
  id,
  token,
  hours,
}: SnoozeAlarmByLinkInput): Promise<SnoozeAnswer> {
  return apiRequest<SnoozeAnswer>(`/api/alarms/${id}/snooze`, {
    method: 'POST',
    query: { token },
    body: { Hours: hours },
    withToken: false,
    skipAutoLogout: true,
  });
}

export function useSnoozeAlarmByLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: snoozeAlarmByLink,
    onSuccess: (answer, input) =>
      queryClient.setQueryData<AlarmLinkView>(
        alarmLinkKey(input),
        (view) => view && { ...view, SnoozedUntil: answer.SnoozedUntil },
      ),
  });
}
