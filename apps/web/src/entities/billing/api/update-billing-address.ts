import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingAddress, BillingAddressInput } from '@monitor/contract/billing-addresses';
import { apiRequest } from '../../../lib/api-client';
import { getDefaultBillingAddressQueryOptions } from './get-default-billing-address';

/** PUT /api/billingaddresses/{Id}. */
export function updateBillingAddress({
  id,
  ...input
}: BillingAddressInput & { id: number }): Promise<BillingAddress> {
  return apiRequest<BillingAddress>(`/api/billingaddresses/${id}`, { method: 'PUT', body: input });
}

export function useUpdateBillingAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingAddress,
    onSuccess: (address) =>
      queryClient.setQueryData(
        getDefaultBillingAddressQueryOptions(address.UserId).queryKey,
        address,
      ),
  });
}
