import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/users/deleteSubAccount?subUserId: the sub-account and its access to every device. */
export function deleteSubAccount(subUserId: number): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/users/deleteSubAccount', {
    method: 'DELETE',
    query: { subUserId },
  });
}

export function useDeleteSubAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sub-accounts'] }),
  });
}
