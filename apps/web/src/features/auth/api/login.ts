import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginRequest } from '@monitor/contract/auth';
import type { User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

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
