import { useMutation } from '@tanstack/react-query';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import { apiRequest } from '../../../lib/api-client';

/** A range as stored: temperatures in °F (device-management §5). */
export type UpdateAlarmPointInput = { id: number; rangeMin: number; rangeMax: number };

/** PUT /api/alarmpoints/{Id}: the range is sent already converted to °F, so TempPref is F. */
export function updateAlarmPoint({ id, rangeMin, rangeMax }: UpdateAlarmPointInput) {
  return apiRequest<AlarmPoint>(`/api/alarmpoints/${id}`, {
    method: 'PUT',
    body: { RangeMin: rangeMin, RangeMax: rangeMax, TempPref: 'F' },
  });
}

export function useUpdateAlarmPointMutation() {
  return useMutation({ mutationFn: updateAlarmPoint });
}
