import { useMutation } from '@tanstack/react-query';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import { apiRequest } from '../../../lib/api-client';

/**
 * A range as stored: temperatures in °F (device-management §5); with, when they changed, the
 * deadband as stored (°F or %RH, null the default) and the delay (issue #23).
 */
export type UpdateAlarmPointInput = {
  id: number;
  rangeMin: number;
  rangeMax: number;
  deadband?: number | null;
  delayMinutes?: number;
  delayReadings?: number;
};

/** PUT /api/alarmpoints/{Id}: the range and deadband are sent already in °F, so TempPref is F. */
export function updateAlarmPoint({
  id,
  rangeMin,
  rangeMax,
  deadband,
  delayMinutes,
  delayReadings,
}: UpdateAlarmPointInput) {
  return apiRequest<AlarmPoint>(`/api/alarmpoints/${id}`, {
    method: 'PUT',
    body: {
      RangeMin: rangeMin,
      RangeMax: rangeMax,
      TempPref: 'F',
      ...(deadband !== undefined && { Deadband: deadband }),
      ...(delayMinutes !== undefined && { DelayMinutes: delayMinutes }),
      ...(delayReadings !== undefined && { DelayReadings: delayReadings }),
    },
  });
}

export function useUpdateAlarmPointMutation() {
  return useMutation({ mutationFn: updateAlarmPoint });
}
