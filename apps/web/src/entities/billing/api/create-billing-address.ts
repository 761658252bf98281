import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingAddress, BillingAddressInput } from '@monitor/contract/billing-addresses';
import { apiRequest } from '../../../lib/api-client';
import { getDefaultBillingAddressQueryOptions } from './get-default-billing-address';

/** POST /api/billingaddresses. */
export function createBillingAddress(input: BillingAddressInput): Promise<BillingAddress> {
  return apiRequest<BillingAddress>('/api/billingaddresses', { method: 'POST', body: input });
}

export function useCreateBillingAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBillingAddress,
    onSuccess: (address) =>
      queryClient.setQueryData(
        getDefaultBillingAddressQueryOptions(address.UserId).queryKey,
        address,
      ),
  });
}
