import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshSnoozeState, type SnoozeAnswer } from './snooze-alarms';

/** DELETE /api/alarms/snooze?userDeviceId= (issue #23): ends the unit's snooze early. */
export function resumeAlarms({ userDeviceId }: { userDeviceId: number }): Promise<SnoozeAnswer> {
  return apiRequest<SnoozeAnswer>('/api/alarms/snooze', {
    method: 'DELETE',
    query: { userDeviceId },
  });
}

export function useResumeAlarmsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeAlarms,
    onSuccess: (_answer, input) => refreshSnoozeState(queryClient, input.userDeviceId),
  });
}
