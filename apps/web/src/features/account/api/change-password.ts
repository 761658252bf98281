import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePasswordRequest } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

export type ChangePasswordInput = { userId: number } & z.input<typeof ChangePasswordRequest>;

/** PUT /api/users/{userId}/password. */
export function changePassword({ userId, ...body }: ChangePasswordInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/users/${userId}/password`, { method: 'PUT', body });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
