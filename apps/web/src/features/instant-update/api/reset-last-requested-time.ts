import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT /api/users/resetLastRequestedTime with serials: a Device OFF unit (Mute 1) drops its
 * last-requested time, which ends pet monitor mode (device-management §4, §7).
 */
export function resetLastRequestedTime(serialNumbers: readonly string[]): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/users/resetLastRequestedTime', {
    method: 'PUT',
    body: serialNumbers,
  });
}

export function useResetLastRequestedTimeMutation() {
  return useMutation({ mutationFn: resetLastRequestedTime });
}
