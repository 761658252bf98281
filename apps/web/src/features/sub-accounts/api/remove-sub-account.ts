import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RemoveSubAccountInput = { subUserId: number; subUserDeviceId: number };

/** DELETE /api/users/removeSubAccount: takes this device away from the sub-account; it stays. */
export function removeSubAccount({
  subUserId,
  subUserDeviceId,
}: RemoveSubAccountInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/users/removeSubAccount', {
    method: 'DELETE',
    query: { subUserId, subUserDeviceId },
  });
}

export function useRemoveSubAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sub-accounts'] }),
  });
}
