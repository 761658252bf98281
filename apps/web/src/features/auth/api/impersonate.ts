import { useMutation } from '@tanstack/react-query';
import type { User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/authorization/impersonate/{userId} with a staff token: the target user with a 1-hour token. */
export function impersonate(userId: number): Promise<User> {
  return apiRequest<User>(`/api/authorization/impersonate/${userId}`);
}

export function useImpersonateMutation() {
  return useMutation({ mutationFn: impersonate });
}
