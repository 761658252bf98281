import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateUserRequest, User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';
import { getUserQueryOptions } from './get-user';

export type UpdateUserInput = { userId: number } & z.input<typeof UpdateUserRequest>;

/** PUT /api/users/{Id}: names, e-mail and the temperature preference. */
export function updateUser({ userId, ...body }: UpdateUserInput): Promise<User> {
  return apiRequest<User>(`/api/users/${userId}`, { method: 'PUT', body });
}

/** Saves and refreshes both the cached user and the session's copy. */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(getUserQueryOptions(user.Id).queryKey, user);
      updateSessionUser(user);
    },
  });
}
