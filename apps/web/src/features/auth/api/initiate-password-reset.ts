import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PasswordResetInitiateRequest } from '@monitor/contract/auth';
import { apiRequest } from '../../../lib/api-client';

export type PasswordResetInitiateInput = z.input<typeof PasswordResetInitiateRequest>;

/** POST /api/authorization/passwordreset/initiate: e-mails a reset link. */
export function initiatePasswordReset(input: PasswordResetInitiateInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/authorization/passwordreset/initiate', {
    method: 'POST',
    body: input,
    withToken: false,
  });
}

export function useInitiatePasswordResetMutation() {
  return useMutation({ mutationFn: initiatePasswordReset });
}
