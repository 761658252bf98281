import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SnoozeState } from '@monitor/contract/alarms';
import { apiRequest } from '../../../lib/api-client';
import type { SnoozeHours } from '../lib/snooze';
import { alarmEventsKey } from './get-alarm-events';

export type SnoozeAnswer = z.infer<typeof SnoozeState>;

export type SnoozeAlarmsInput = { userDeviceId: number; hours: SnoozeHours };

/** POST /api/alarms/snooze (issue #23): the owner silences the unit's alarm messages for a while. */
export function snoozeAlarms({ userDeviceId, hours }: SnoozeAlarmsInput): Promise<SnoozeAnswer> {
  return apiRequest<SnoozeAnswer>('/api/alarms/snooze', {
    method: 'POST',
    body: { UserDeviceId: userDeviceId, Hours: hours },
  });
}

/**
 * After a snooze or a resume: the device answers carry `AlarmsSnoozedUntil` and the log lists
 * snoozes, so both are read again (the device keys are the device pages' own, as the live alarm
 * hook refreshes them).
 */
export function refreshSnoozeState(queryClient: QueryClient, userDeviceId: number): void {
  void queryClient.invalidateQueries({ queryKey: ['user-devices'] });
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'users' && queryKey[2] === 'devices' && queryKey[3] === userDeviceId,
  });
  void queryClient.invalidateQueries({ queryKey: alarmEventsKey(userDeviceId) });
}

export function useSnoozeAlarmsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: snoozeAlarms,
    onSuccess: (_answer, input) => refreshSnoozeState(queryClient, input.userDeviceId),
  });
}
