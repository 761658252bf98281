import { useMutation } from '@tanstack/react-query';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import { apiRequest } from '../../../lib/api-client';

export type SetAlarmPointEnabledInput = { id: number; isEnabled: boolean };

/** POST /api/alarmpoints/{id}/enable or /disable (device-management §7). */
export function setAlarmPointEnabled({ id, isEnabled }: SetAlarmPointEnabledInput) {
  return apiRequest<AlarmPoint>(`/api/alarmpoints/${id}/${isEnabled ? 'enable' : 'disable'}`, {
    method: 'POST',
  });
}

export function useSetAlarmPointEnabledMutation() {
  return useMutation({ mutationFn: setAlarmPointEnabled });
}
