import { useMutation } from '@tanstack/react-query';
import type { User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

export type EditParentNameInput = { userId: number; name: string };

/** PUT /api/users/editParentName: the signed-in parent's name as "First Last"; the page then signs out. */
export function editParentName({ userId, name }: EditParentNameInput): Promise<User> {
  return apiRequest<User>('/api/users/editParentName', {
    method: 'PUT',
    body: { id: userId, name },
  });
}

export function useEditParentNameMutation() {
  return useMutation({ mutationFn: editParentName });
}
