import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/authorization/logout: revokes the calling token (the session's, or `token`). */
export function logout(token?: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/authorization/logout', {
    method: 'POST',
    skipAutoLogout: true,
    token,
  });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
