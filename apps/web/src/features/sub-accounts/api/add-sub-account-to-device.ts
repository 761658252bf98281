import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubAccount } from '@monitor/contract/sub-accounts';
import { apiRequest } from '../../../lib/api-client';

export type AddSubAccountToDeviceInput = { userDeviceId: number; subUserId: number };

/** POST /api/users/addSubAccountToDevice: gives this device to an existing sub-account. */
export function addSubAccountToDevice({
  userDeviceId,
  subUserId,
}: AddSubAccountToDeviceInput): Promise<SubAccount> {
  return apiRequest<SubAccount>('/api/users/addSubAccountToDevice', {
    method: 'POST',
    body: { deviceId: userDeviceId, userId: subUserId },
  });
}

export function useAddSubAccountToDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubAccountToDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sub-accounts'] }),
  });
}
