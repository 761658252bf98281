import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PasswordResetRequest } from '@monitor/contract/auth';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordInput = { userId: string } & z.input<typeof PasswordResetRequest>;

/** POST /api/users/{userId}/password/reset with the e-mailed link's expiry and token. */
export function resetPassword({ userId, ...body }: ResetPasswordInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/users/${encodeURIComponent(userId)}/password/reset`, {
    method: 'POST',
    body,
    withToken: false,
  });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
