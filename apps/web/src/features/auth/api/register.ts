import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegistrationRequest } from '@monitor/contract/auth';
import type { User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

export type RegistrationInput = z.input<typeof RegistrationRequest>;

/** POST /RegistrationGateway.php: creates the user and answers it with Id and AccessToken (sent without a token). */
export function registerUser(input: RegistrationInput): Promise<User> {
  return apiRequest<User>('/RegistrationGateway.php', {
    method: 'POST',
    body: input,
    withToken: false,
  });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: registerUser });
}
