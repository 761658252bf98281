import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubAccountDetails } from '@monitor/contract/sub-accounts';
import { apiRequest } from '../../../lib/api-client';
import { fetchSubAccountDetailsQueryOptions } from './fetch-sub-account-details';

export type EditSubAccountInput = { subUserId: number; firstName: string; lastName: string };

/** PUT /api/users/editSubAccountDetails: first and last name (capitalised by the server). */
export function editSubAccountDetails({
  subUserId,
  firstName,
  lastName,
}: EditSubAccountInput): Promise<SubAccountDetails> {
  return apiRequest<SubAccountDetails>('/api/users/editSubAccountDetails', {
    method: 'PUT',
    body: { Id: subUserId, FirstName: firstName, LastName: lastName },
  });
}

export function useEditSubAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSubAccountDetails,
    onSuccess: async (details) => {
      queryClient.setQueryData(fetchSubAccountDetailsQueryOptions(details.Id).queryKey, details);
      await queryClient.invalidateQueries({ queryKey: ['sub-accounts'] });
    },
  });
}
