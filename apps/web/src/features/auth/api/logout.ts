import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/authorization/logout: revokes the calling token. */
export function logout(): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/authorization/logout', {
    method: 'POST',
    skipAutoLogout: true,
  });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
