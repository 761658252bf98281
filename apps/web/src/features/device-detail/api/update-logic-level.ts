import { useMutation } from '@tanstack/react-query';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { LogicLevelUpdate } from '@monitor/domain/devices/pucks';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/peripherals/updatelogiclevel: puck id, alarm types, set 1 (on) or -1 (off) (device-management §4, §7). */
export function updateLogicLevel(body: LogicLevelUpdate) {
  return apiRequest<Peripheral>('/api/peripherals/updatelogiclevel', { method: 'PUT', body });
}

export function useUpdateLogicLevelMutation() {
  return useMutation({ mutationFn: updateLogicLevel });
}
