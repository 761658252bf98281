import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginRequest } from '@monitor/contract/auth';
import type { User } from '@monitor/contract/users';
import { apiRequest, isApiError } from '../../../lib/api-client';

export type LoginInput = z.input<typeof LoginRequest>;

/** POST /LoginGateway.php: answers the User with its AccessToken; a 401 here is a wrong password, not an ended session. */
export function login(input: LoginInput): Promise<User> {
  return apiRequest<User>('/LoginGateway.php', {
    method: 'POST',
    body: input,
    withToken: false,
    skipAutoLogout: true,
  });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

/**
 * Whether the server now slows further sign-ins: its 401 says so (`LoginFailure.error.isSlowed`), counting every
 * form, tab and device, and a 429 is the refusal that follows (decision 068). Any other failure
 * says nothing about it: `undefined`.
 */
export function isSignInSlowedBy(error: unknown): boolean | undefined {
  if (isApiError(error, 429)) return true;
  if (!isApiError(error, 401)) return undefined;
  return error.details.isSlowed === true;
}
